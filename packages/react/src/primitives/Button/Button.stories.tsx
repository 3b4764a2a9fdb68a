/** The button styles every part uses: primary, secondary, danger, small, and disabled. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { dangerButton, primaryButton, secondaryButton, smallButton } from './Button.css';

function Buttons({ disabled = false }: { disabled?: boolean }) {
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
      <button type="button" className={primaryButton} disabled={disabled}>
        Convert to PDF
      </button>
      <button type="button" className={secondaryButton} disabled={disabled}>
        Cancel
      </button>
      <button type="button" className={dangerButton} disabled={disabled}>
        Redact
      </button>
      <button type="button" className={`${secondaryButton} ${smallButton}`} disabled={disabled}>
        Remove
      </button>
    </div>
  );
}

const meta = { title: 'Primitives/Button', component: Buttons } satisfies Meta<typeof Buttons>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Enabled: Story = {};
export const Disabled: Story = { args: { disabled: true } };
