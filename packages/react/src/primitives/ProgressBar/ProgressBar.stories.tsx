/** ProgressBar: the simulated conversion progress at its start, mid-way, held at the cap, and done. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ProgressBar } from './ProgressBar';

const meta = {
  title: 'Primitives/ProgressBar',
  component: ProgressBar,
  render: (args) => (
    <div style={{ maxWidth: 560 }}>
      <ProgressBar {...args} />
    </div>
  ),
  args: { label: 'Converting...', value: 0 },
} satisfies Meta<typeof ProgressBar>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Started: Story = {};
export const Halfway: Story = { args: { value: 50 } };
export const HeldAtCap: Story = { args: { value: 90 } };
export const Done: Story = { args: { value: 100, label: 'Conversion progress' } };
