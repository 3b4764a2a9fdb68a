import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { loadFixtures } from '../../fixtures';
import {
  convertUntil,
  fieldError,
  fillField,
  renderTool,
  renderWithFiles,
  succeeds,
} from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfWatermark } from './PdfWatermark';

describeToolScenarios({
  Component: PdfWatermark,
  toolId: 'pdf-watermark',
  accepted: ['crazyones.pdf'],
  ...pdfInputRules(100),
  expectedFields: [
    ['Text', 'CONFIDENTIAL'],
    ['HorizontalAlignment', 'center'],
    ['VerticalAlignment', 'center'],
    ['Opacity', '30'],
    ['FontSize', '24'],
    ['Rotate', '0'],
    ['TextRenderingMode', 'filltext'],
    ['StrokeColor', '#000000'],
    ['FontColor', '#000000'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'Opacity', label: 'Opacity (%)' },
});

describe('PdfWatermark page', () => {
  it('quick picks CONFIDENTIAL, DRAFT, COPY, SAMPLE fill the text; sliders keep their ranges and steps', async () => {
    const harness = await renderTool(PdfWatermark, 'pdf-watermark', {}, succeeds('pdf-watermark'));
    const picks = harness.root.querySelectorAll(
      '[data-part="presets"][data-option="Text"] [data-part="preset"]',
    );
    expect([...picks].map((n) => n.textContent)).toEqual(['CONFIDENTIAL', 'DRAFT', 'COPY', 'SAMPLE']);
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await harness.screen.getByRole('button', { name: 'DRAFT' }).click();
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Watermark text' }))
      .toHaveValue('DRAFT');
    await expect
      .element(harness.screen.getByRole('button', { name: 'DRAFT' }))
      .toHaveAttribute('aria-pressed', 'true');
    await harness.screen.getByRole('button', { name: 'Large' }).click();

    const opacity = harness.screen.getByRole('slider', { name: 'Opacity (%)' });
    await expect.element(opacity).toHaveAttribute('min', '10');
    await expect.element(opacity).toHaveAttribute('max', '80');
    await expect.element(opacity).toHaveAttribute('step', '5');
    opacity.element().focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}');
    const rotation = harness.screen.getByRole('slider', { name: 'Rotation (°)' });
    await expect.element(rotation).toHaveAttribute('max', '360');
    await expect.element(rotation).toHaveAttribute('step', '15');
    rotation.element().focus();
    await userEvent.keyboard('{ArrowRight}');

    await convertUntil(harness, 'complete');
    const fields = Object.fromEntries(harness.requestFields());
    expect(fields).toMatchObject({ Text: 'DRAFT', FontSize: '36', Opacity: '40', Rotate: '15' });
  });

  it("blank text gives 'Please enter watermark text'", async () => {
    const harness = await renderWithFiles(PdfWatermark, 'pdf-watermark', ['crazyones.pdf']);
    await fillField(harness, 'Watermark text', ' ');
    harness.convertButton().click();
    await expect.poll(() => harness.toasts().map((t) => t.message)).toEqual(['Please enter watermark text']);
    expect(fieldError(harness, 'Text')).toBe('Please enter watermark text');
    expect(harness.fake.requests).toHaveLength(0);
  });
});
