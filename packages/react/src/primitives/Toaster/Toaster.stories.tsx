/** Toaster: success (status), failure and destructive (alert) toasts; each can be dismissed by keyboard. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { Toaster, type ToasterProps, type ToastMessage } from './Toaster';

function StatefulToaster({ toasts: initial, ...props }: ToasterProps) {
  const [toasts, setToasts] = useState(initial);
  return (
    <Toaster
      {...props}
      toasts={toasts}
      onDismiss={(id) => setToasts(toasts.filter((toast) => toast.id !== id))}
    />
  );
}

const success: ToastMessage = {
  id: 'success',
  variant: 'success',
  title: 'Conversion successful!',
  message: 'Your PDF has been converted to Word.',
};
const failure: ToastMessage = {
  id: 'failure',
  variant: 'failure',
  title: 'Invalid file format',
  message: 'Please upload PDF files only.',
};
const destructive: ToastMessage = {
  id: 'destructive',
  variant: 'destructive',
  title: 'Conversion failed',
  message: 'Engine crashed',
};

const meta = {
  title: 'Primitives/Toaster',
  component: Toaster,
  render: (args) => <StatefulToaster {...args} />,
  // Stories keep their toasts: 0 turns the 6 s auto-dismiss off.
  args: { toasts: [success], duration: 0, onDismiss: () => {} },
} satisfies Meta<typeof Toaster>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Success: Story = {};
export const Failure: Story = { args: { toasts: [failure] } };
export const Destructive: Story = { args: { toasts: [destructive] } };
export const Several: Story = { args: { toasts: [success, failure, destructive] } };

export const DismissedByKeyboard: Story = {
  args: { toasts: [failure] },
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Dismiss notification' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(within(canvasElement).queryByRole('alert')).toBeNull();
  },
};
