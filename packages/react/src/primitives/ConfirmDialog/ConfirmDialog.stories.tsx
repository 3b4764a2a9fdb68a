/**
 * ConfirmDialog: opened from a button, focus trapped inside with Cancel first, Escape cancels and
 * focus returns to the button; plain and destructive (redaction) variants.
 */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { primaryButton } from '../Button';
import { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';

function DialogWithTrigger(props: ConfirmDialogProps) {
  const [open, setOpen] = useState(props.open);
  const [outcome, setOutcome] = useState('');
  return (
    <div style={{ display: 'grid', gap: 12, justifyItems: 'start' }}>
      <button type="button" className={primaryButton} onClick={() => setOpen(true)}>
        {props.confirmLabel}…
      </button>
      <p role="status">{outcome}</p>
      <ConfirmDialog
        {...props}
        open={open}
        onCancel={() => {
          setOpen(false);
          setOutcome('Cancelled');
        }}
        onConfirm={() => {
          setOpen(false);
          setOutcome('Confirmed');
        }}
      />
    </div>
  );
}

const meta = {
  title: 'Primitives/ConfirmDialog',
  component: ConfirmDialog,
  render: (args) => <DialogWithTrigger {...args} />,
  args: {
    open: false,
    title: 'Redact this PDF?',
    description: 'Redaction permanently removes the matching text. This cannot be undone.',
    confirmLabel: 'Redact',
    onConfirm: () => {},
    onCancel: () => {},
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  args: {
    open: true,
    title: 'Delete workflow?',
    description: 'The workflow is removed for good.',
    confirmLabel: 'Delete',
  },
};

export const Destructive: Story = { args: { open: true, destructive: true } };

/** Enter opens it, Cancel has focus, Escape closes it and focus is back on the button. */
export const KeyboardRoundTrip: Story = {
  args: { destructive: true },
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Redact…' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await within(document.body).findByRole('alertdialog');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await userEvent.keyboard('{Escape}');
    await within(canvasElement).findByText('Cancelled');
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};
