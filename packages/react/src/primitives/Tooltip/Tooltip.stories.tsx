/** Tooltip: hidden, and shown when its button gets keyboard focus (Tab). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { userEvent, within } from 'storybook/test';
import { secondaryButton } from '../Button';
import { Tooltip } from './Tooltip';

const meta = {
  title: 'Primitives/Tooltip',
  component: Tooltip,
  render: (args) => (
    <div style={{ paddingTop: 48 }}>
      <Tooltip {...args}>
        <button type="button" className={secondaryButton}>
          Download All
        </button>
      </Tooltip>
    </div>
  ),
  args: { content: 'Starts each download in turn', children: <button type="button">Download All</button> },
} satisfies Meta<typeof Tooltip>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {};

export const ShownOnFocus: Story = {
  play: async () => {
    await userEvent.tab();
    await within(document.body).findByRole('tooltip');
  },
};
