/**
 * FileList: the chosen corpus files; plain, reorderable (merge: Move up / Move down and Alt+Arrow
 * keys, focus follows the moved file) and disabled while converting.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { loadFixtures } from '../../fixtures';
import { FileList, type FileListItem, type FileListProps } from './FileList';

function StatefulFileList({ items: initial, onMove, ...props }: FileListProps) {
  const [items, setItems] = useState(initial);
  const move = (id: string, direction: -1 | 1) => {
    const next = [...items];
    const from = next.findIndex((item) => item.id === id);
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(from + direction, 0, moved);
    setItems(next);
  };
  return (
    <FileList
      {...props}
      items={items}
      heading={`Selected Files (${items.length})`}
      onRemove={(id) => setItems(items.filter((item) => item.id !== id))}
      onMove={onMove ? move : undefined}
    />
  );
}

const meta = {
  title: 'Primitives/FileList',
  component: FileList,
  loaders: [
    async () => ({
      items: (await loadFixtures('crazyones.pdf', 'pdflatex-4-pages.pdf', 'annotated_pdf.pdf')).map(
        (file, index): FileListItem => ({ id: `file-${index}`, name: file.name, size: file.size }),
      ),
    }),
  ],
  render: (args, { loaded }) => (
    <div style={{ maxWidth: 640 }}>
      <StatefulFileList {...args} items={loaded.items as FileListItem[]} />
    </div>
  ),
  args: { items: [], heading: 'Selected Files', onRemove: () => {} },
} satisfies Meta<typeof FileList>;
export default meta;
type Story = StoryObj<typeof meta>;

const names = (canvasElement: HTMLElement) =>
  [...canvasElement.querySelectorAll('[data-part="file-name"]')].map((node) => node.textContent);

export const Plain: Story = {};

export const Reorderable: Story = { args: { onMove: () => {} } };

/** Move up with Enter, then Alt+Arrow Down: the order changes and focus stays on the moved file. */
export const ReorderedByKeyboard: Story = {
  args: { onMove: () => {} },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Move up annotated_pdf.pdf' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(names(canvasElement)).toEqual([
      'crazyones.pdf',
      'annotated_pdf.pdf',
      'pdflatex-4-pages.pdf',
    ]);
    await userEvent.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await expect(names(canvasElement)).toEqual([
      'crazyones.pdf',
      'pdflatex-4-pages.pdf',
      'annotated_pdf.pdf',
    ]);
  },
};

export const Disabled: Story = { args: { onMove: () => {}, disabled: true } };
