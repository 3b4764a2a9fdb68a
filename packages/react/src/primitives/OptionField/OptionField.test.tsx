import type { OptionDefinition } from '@docstudio/core';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { seriousViolations } from '../../testing/axe.check';
import { type FieldValue, OptionField } from './OptionField';

function Field({ option, error }: { option: OptionDefinition; error?: string }) {
  const [value, setValue] = useState<FieldValue>(undefined);
  return (
    <>
      <OptionField option={option} value={value} onChange={setValue} {...(error ? { error } : {})} />
      <output data-testid="value">{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const all: OptionDefinition[] = [
  {
    name: 'PdfVersion',
    label: 'PDF Version',
    type: 'select',
    default: '1.4',
    options: [
      { value: '1.3', label: 'PDF 1.3' },
      { value: '1.4', label: 'PDF 1.4' },
    ],
  },
  { name: 'Pdfa', label: 'PDF/A', type: 'checkbox', default: false },
  { name: 'PdfA', label: 'PDF/A compliance', type: 'switch', default: false },
  { name: 'FontColor', label: 'Font colour', type: 'color', default: '#000000' },
  {
    name: 'PageRange',
    label: 'Page Range',
    type: 'text',
    placeholder: 'e.g., 1-5, 8, 10-12',
    hint: 'Empty converts all pages.',
  },
  { name: 'Password', label: 'Password', type: 'password', required: true },
  { name: 'MarginHorizontal', label: 'Horizontal Margin (mm)', type: 'number', min: 0, max: 500, default: 0 },
  { name: 'Opacity', label: 'Opacity', type: 'slider', min: 10, max: 80, step: 5, default: 30 },
];

describe('OptionField', () => {
  it('renders every option type from its definition, labelled, with no serious violation', async () => {
    const screen = await render(
      <div>
        {all.map((option) => (
          <Field key={option.name} option={option} />
        ))}
      </div>,
    );
    await expect.element(screen.getByRole('combobox', { name: 'PDF Version' })).toHaveValue('1.4');
    await expect.element(screen.getByRole('checkbox', { name: 'PDF/A', exact: true })).not.toBeChecked();
    await expect
      .element(screen.getByRole('switch', { name: 'PDF/A compliance' }))
      .toHaveAttribute('aria-checked', 'false');
    await expect.element(screen.getByLabelText('Font colour')).toHaveValue('#000000');
    await expect
      .element(screen.getByRole('textbox', { name: 'Page Range' }))
      .toHaveAttribute('placeholder', 'e.g., 1-5, 8, 10-12');
    await expect.element(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const margin = screen.getByRole('spinbutton', { name: 'Horizontal Margin (mm)' });
    await expect.element(margin).toHaveAttribute('min', '0');
    await expect.element(margin).toHaveAttribute('max', '500');
    const slider = screen.getByRole('slider', { name: 'Opacity' });
    await expect.element(slider).toHaveAttribute('min', '10');
    await expect.element(slider).toHaveAttribute('max', '80');
    await expect.element(slider).toHaveAttribute('step', '5');
    await expect.element(slider).toHaveValue('30');
    expect(await seriousViolations(screen.container)).toEqual([]);
  });

  it('changes values by keyboard: switch with Space, slider with arrows in its steps', async () => {
    const screen = await render(<Field option={all[2]!} />);
    screen.getByRole('switch').element().focus();
    await userEvent.keyboard(' ');
    await expect.element(screen.getByRole('switch')).toHaveAttribute('aria-checked', 'true');
    await expect.element(screen.getByTestId('value')).toHaveTextContent('true');

    const slider = await render(<Field option={all[7]!} />);
    slider.getByRole('slider').element().focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(slider.getByRole('slider')).toHaveValue('35');
    await userEvent.keyboard('{End}');
    await expect.element(slider.getByRole('slider')).toHaveValue('80');
  });

  it('shows an error under the field in red and marks the input invalid', async () => {
    const screen = await render(<Field option={all[4]!} error="Invalid page range" />);
    const input = screen.getByRole('textbox', { name: 'Page Range' });
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    await expect.element(input).toHaveAccessibleDescription('Invalid page range');
    const error = screen.getByText('Invalid page range');
    expect(getComputedStyle(error.element()).color).toBe('rgb(185, 28, 28)');
  });
});
