import { describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import { FileCard } from './FileCard';

describe('FileCard', () => {
  it('shows the name, the size in MB with 2 decimals and a Remove button', async () => {
    const onRemove = vi.fn();
    const screen = await render(
      <FileCard name="report.docx" size={1_572_864} onRemove={onRemove} scope="office-to-pdf" />,
    );
    await expect.element(screen.getByText('report.docx')).toBeVisible();
    await expect.element(screen.getByText('1.50 MB')).toBeVisible();
    await screen.getByRole('button', { name: 'Remove report.docx' }).click();
    expect(onRemove).toHaveBeenCalledTimes(1);
    expect(
      screen.container.querySelector('[data-scope="office-to-pdf"][data-part="file-card"]'),
    ).not.toBeNull();
  });

  it('shows a file below 1 MB in KB, never as 0.00 MB', async () => {
    const screen = await render(<FileCard name="note.pdf" size={250_880} />);
    await expect.element(screen.getByText('245 KB')).toBeVisible();
  });

  it('disables Remove while disabled', async () => {
    const screen = await render(<FileCard name="a.pdf" size={10} onRemove={() => {}} disabled />);
    await expect.element(screen.getByRole('button', { name: 'Remove a.pdf' })).toBeDisabled();
  });
});
