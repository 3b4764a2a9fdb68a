/** FileCard: a chosen corpus file with its size in MB and Remove; removable, read-only and disabled. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { loadFixture } from '../../fixtures';
import { FileCard, type FileCardProps } from './FileCard';

function RemovableCard(props: FileCardProps) {
  const [removed, setRemoved] = useState(false);
  if (removed) return <p role="status">{props.name} removed</p>;
  return <FileCard {...props} onRemove={props.onRemove ? () => setRemoved(true) : undefined} />;
}

const meta = {
  title: 'Primitives/FileCard',
  component: FileCard,
  loaders: [async () => ({ file: await loadFixture('crazyones.pdf') })],
  render: (args, { loaded }) => {
    const file = loaded.file as File;
    return (
      <div style={{ maxWidth: 560 }}>
        <RemovableCard {...args} name={file.name} size={file.size} />
      </div>
    );
  },
  args: { name: 'crazyones.pdf', size: 0, onRemove: () => {} },
} satisfies Meta<typeof FileCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Removable: Story = {
  play: async ({ canvasElement }) => {
    // crazyones.pdf is 11 KB: shown in KB, never as '0.01 MB'.
    await within(canvasElement).findByText(/^\d+(\.\d)? KB$/);
  },
};

/** Focus the Remove button and press Enter: the card goes. */
export const RemovedByKeyboard: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Remove crazyones.pdf' }).focus();
    await userEvent.keyboard('{Enter}');
    await within(canvasElement).findByText('crazyones.pdf removed');
  },
};

export const ReadOnly: Story = { args: { onRemove: undefined } };

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Remove crazyones.pdf' })).toBeDisabled();
  },
};
