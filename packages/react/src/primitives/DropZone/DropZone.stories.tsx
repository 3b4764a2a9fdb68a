/**
 * DropZone: idle, a drag over it (highlighted), files dropped, disabled. Enter or Space on the zone
 * opens the file dialog; the drop itself carries the corpus fixtures the tests use.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import { loadFixtures } from '../../fixtures';
import { dragOver, dropFiles } from '../../testing/dom.events';
import { DropZone, type DropZoneProps } from './DropZone';

const labels = {
  idle: 'Drag & drop your PDF file here',
  browse: 'or click to browse files',
  active: 'Drop your PDF file here...',
  label: 'Choose a PDF file',
};

function DropZoneWithFiles(props: Omit<DropZoneProps, 'onFiles'>) {
  const [names, setNames] = useState<string[]>([]);
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 560 }}>
      <DropZone {...props} onFiles={(files) => setNames(files.map((file) => file.name))} />
      <p role="status">{names.length > 0 ? `Received: ${names.join(', ')}` : 'No file yet'}</p>
    </div>
  );
}

const meta = {
  title: 'Primitives/DropZone',
  component: DropZone,
  render: (args) => <DropZoneWithFiles {...args} />,
  args: { labels, acceptAttribute: '.pdf,application/pdf', hint: 'PDF', onFiles: () => {} },
} satisfies Meta<typeof DropZone>;
export default meta;
type Story = StoryObj<typeof meta>;

const zone = (canvasElement: HTMLElement) =>
  canvasElement.querySelector<HTMLElement>('[data-part="dropzone"]')!;

export const Idle: Story = {};

export const Multiple: Story = {
  args: { multiple: true, labels: { ...labels, idle: 'Drag & drop your PDF files here' } },
};

export const Dragging: Story = {
  play: async ({ canvasElement }) => {
    await dragOver(zone(canvasElement), await loadFixtures('crazyones.pdf'));
    await waitFor(() => expect(zone(canvasElement)).toHaveAttribute('data-dragging', 'true'));
    await within(canvasElement).findByText(labels.active);
  },
};

export const Dropped: Story = {
  args: { multiple: true },
  play: async ({ canvasElement }) => {
    await dropFiles(zone(canvasElement), await loadFixtures('crazyones.pdf', 'pdflatex-4-pages.pdf'));
    await within(canvasElement).findByText('Received: crazyones.pdf, pdflatex-4-pages.pdf');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(zone(canvasElement)).toHaveAttribute('aria-disabled', 'true');
    await expect(zone(canvasElement)).not.toHaveAttribute('tabindex', '0');
  },
};
