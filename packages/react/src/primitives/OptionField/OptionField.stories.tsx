/**
 * OptionField: each kind of option generated from a real catalogue definition (select, switch, text
 * with help, password, number, slider, colour), plus a checkbox, a server error under a field, and
 * disabled (while converting). Values change as the user edits, so every control works by keyboard.
 */
import { getTool, type OptionDefinition, type ToolId } from '@docstudio/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent, within } from 'storybook/test';
import { type FieldValue, OptionField, type OptionFieldProps } from './OptionField';

function catalogueOption(toolId: ToolId, name: string): OptionDefinition {
  const option = getTool(toolId).options.find((candidate) => candidate.name === name);
  if (!option) throw new Error(`${toolId} has no option ${name}`);
  return option;
}

function StatefulField(props: OptionFieldProps) {
  const [value, setValue] = useState<FieldValue>(props.value);
  return (
    <div style={{ maxWidth: 420 }}>
      <OptionField {...props} value={value} onChange={setValue} />
    </div>
  );
}

const meta = {
  title: 'Primitives/OptionField',
  component: OptionField,
  render: (args) => <StatefulField {...args} />,
  args: { option: catalogueOption('office-to-pdf', 'PdfVersion'), value: undefined, onChange: () => {} },
} satisfies Meta<typeof OptionField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Select: Story = {};

export const Switch: Story = {
  args: { option: catalogueOption('office-to-pdf', 'PdfA') },
  play: async ({ canvasElement }) => {
    const toggle = within(canvasElement).getByRole('switch');
    const before = toggle.getAttribute('aria-checked');
    toggle.focus();
    await userEvent.keyboard(' ');
    await expect(toggle).not.toHaveAttribute('aria-checked', before ?? '');
  },
};

export const Checkbox: Story = {
  args: {
    option: { name: 'StoreFile', label: 'Keep the result on the server', type: 'checkbox', default: true },
  },
};

export const TextWithHelp: Story = { args: { option: catalogueOption('office-to-pdf', 'PageRange') } };

export const RequiredPassword: Story = { args: { option: catalogueOption('pdf-protect', 'UserPassword') } };

export const NumberField: Story = { args: { option: catalogueOption('images-to-pdf', 'MarginHorizontal') } };

/** Arrow keys move a native range input (a browser behaviour, not scripted here); the value is shown beside it. */
export const Slider: Story = {
  args: { option: catalogueOption('pdf-watermark', 'Opacity'), value: 30 },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('slider')).toHaveValue('30');
    await expect(canvasElement.querySelector('[data-part="slider-value"]')).toHaveTextContent('30');
  },
};

export const Colour: Story = { args: { option: catalogueOption('pdf-watermark', 'FontColor') } };

export const WithServerError: Story = {
  args: {
    option: catalogueOption('office-to-pdf', 'PageRange'),
    value: '9-1',
    error: 'PageRange is not valid here',
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('textbox')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Disabled: Story = {
  args: { option: catalogueOption('pdf-compress', 'Preset'), disabled: true },
};
