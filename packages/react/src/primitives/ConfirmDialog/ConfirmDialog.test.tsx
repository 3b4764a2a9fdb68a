import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { seriousViolations } from '../../testing/axe.check';
import { ConfirmDialog } from './ConfirmDialog';

function Harness({ onConfirm }: { onConfirm: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Redact PDF
      </button>
      <ConfirmDialog
        open={open}
        title="Redact this PDF?"
        description="Redaction cannot be undone."
        confirmLabel="Redact"
        destructive
        onCancel={() => setOpen(false)}
        onConfirm={() => {
          setOpen(false);
          onConfirm();
        }}
      />
    </>
  );
}

describe('ConfirmDialog', () => {
  it('traps focus, closes on Escape and returns focus to its opener', async () => {
    const onConfirm = vi.fn();
    const screen = await render(<Harness onConfirm={onConfirm} />);
    const opener = screen.getByRole('button', { name: 'Redact PDF' });
    opener.element().focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('alertdialog', { name: 'Redact this PDF?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByRole('button', { name: 'Redact', exact: true })).toHaveFocus();
    await userEvent.tab();
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab({ shift: true });
    await expect.element(page.getByRole('button', { name: 'Redact', exact: true })).toHaveFocus();
    expect(await seriousViolations(document)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(opener).toHaveFocus();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms with the keyboard', async () => {
    const onConfirm = vi.fn();
    const screen = await render(<Harness onConfirm={onConfirm} />);
    screen.getByRole('button', { name: 'Redact PDF' }).element().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    await expect.element(page.getByRole('alertdialog')).not.toBeInTheDocument();
  });
});
