import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { seriousViolations } from '../../testing/axe.check';
import { FileList, type FileListItem } from './FileList';

const initial: FileListItem[] = [
  { id: 'a', name: 'a.pdf', size: 1_048_576 },
  { id: 'b', name: 'b.pdf', size: 2_097_152 },
  { id: 'c', name: 'c.pdf', size: 524_288 },
];

function Reorderable() {
  const [items, setItems] = useState(initial);
  return (
    <FileList
      heading={`Selected Files (${items.length})`}
      items={items}
      onRemove={(id) => setItems(items.filter((item) => item.id !== id))}
      onMove={(id, direction) => {
        const next = [...items];
        const from = next.findIndex((item) => item.id === id);
        const [moved] = next.splice(from, 1);
        next.splice(from + direction, 0, moved!);
        setItems(next);
      }}
    />
  );
}

const order = (container: HTMLElement) =>
  [...container.querySelectorAll('[data-part="file-name"]')].map((node) => node.textContent);

describe('FileList', () => {
  it('shows names and sizes (KB below 1 MB), and removes one file', async () => {
    const screen = await render(<Reorderable />);
    await expect.element(screen.getByRole('heading', { name: 'Selected Files (3)' })).toBeVisible();
    expect(
      [...screen.container.querySelectorAll('[data-part="file-size"]')].map((n) => n.textContent),
    ).toEqual(['1.00 MB', '2.00 MB', '512 KB']);
    await screen.getByRole('button', { name: 'Remove b.pdf' }).click();
    expect(order(screen.container)).toEqual(['a.pdf', 'c.pdf']);
    await expect.element(screen.getByRole('heading', { name: 'Selected Files (2)' })).toBeVisible();
  });

  it('moves files with Move up / Move down, disabled at the ends', async () => {
    const screen = await render(<Reorderable />);
    await expect.element(screen.getByRole('button', { name: 'Move up a.pdf' })).toBeDisabled();
    await expect.element(screen.getByRole('button', { name: 'Move down c.pdf' })).toBeDisabled();
    await screen.getByRole('button', { name: 'Move up c.pdf' }).click();
    expect(order(screen.container)).toEqual(['a.pdf', 'c.pdf', 'b.pdf']);
    await screen.getByRole('button', { name: 'Move down a.pdf' }).click();
    expect(order(screen.container)).toEqual(['c.pdf', 'a.pdf', 'b.pdf']);
  });

  it('reorders by keyboard alone and keeps focus on the moved file', async () => {
    const screen = await render(<Reorderable />);
    const moveDown = screen.getByRole('button', { name: 'Move down a.pdf' });
    moveDown.element().focus();
    await userEvent.keyboard('{Enter}');
    expect(order(screen.container)).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
    await expect.element(screen.getByRole('button', { name: 'Move down a.pdf' })).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(order(screen.container)).toEqual(['b.pdf', 'c.pdf', 'a.pdf']);
    // At the bottom Move down is disabled, so focus goes to Move up of the same file.
    await expect.element(screen.getByRole('button', { name: 'Move up a.pdf' })).toHaveFocus();
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order(screen.container)).toEqual(['b.pdf', 'a.pdf', 'c.pdf']);
    await userEvent.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(order(screen.container)).toEqual(['a.pdf', 'b.pdf', 'c.pdf']);
  });

  it('has no serious accessibility violation', async () => {
    const screen = await render(<Reorderable />);
    expect(await seriousViolations(screen.container)).toEqual([]);
  });
});
