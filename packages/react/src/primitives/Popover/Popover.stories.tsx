/** Popover: the '?' help of an option, closed and opened by keyboard (Enter opens, Escape closes). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Popover } from './Popover';

const meta = {
  title: 'Primitives/Popover',
  component: Popover,
  args: {
    triggerLabel: 'More about Page Range',
    title: 'Page Range',
    children: 'Pages to convert, for example 1-5 or 1,3,7. Leave empty for all pages.',
  },
} satisfies Meta<typeof Popover>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Closed: Story = {};

export const Open: Story = {
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'More about Page Range' }).focus();
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog', { name: 'Page Range' });
  },
};

export const ClosedWithEscape: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'More about Page Range' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await within(document.body).findByRole('dialog', { name: 'Page Range' });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(within(document.body).queryByRole('dialog')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};
