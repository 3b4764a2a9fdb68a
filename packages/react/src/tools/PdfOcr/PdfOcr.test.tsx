import { MORE_OCR_LANGUAGES, OCR_LANGUAGES } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { convertUntil, expectState, renderTool, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfOcr } from './PdfOcr';

describeToolScenarios({
  Component: PdfOcr,
  toolId: 'pdf-ocr',
  accepted: ['crazyones.pdf'],
  ...pdfInputRules(100),
  expectedFields: [
    ['Language', 'en'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'Language', label: 'Language' },
});

describe('PdfOcr page', () => {
  it('lists the 27 languages first, then the other installed European ones, English by default', async () => {
    const harness = await renderTool(PdfOcr, 'pdf-ocr');
    const select = harness.root.querySelector<HTMLSelectElement>('[data-option="Language"] select')!;
    const values = [...select.options].map((choice) => choice.value);
    expect(values.slice(0, 27)).toEqual(OCR_LANGUAGES.map((choice) => choice.value));
    expect(values.slice(27)).toEqual(MORE_OCR_LANGUAGES.map((choice) => choice.value));
    expect(values).toContain('fr');
    expect(select.value).toBe('en');
  });

  it('Searchable PDF posts to pdf/to/ocr, Text File to pdf/to/txt, with the chosen language', async () => {
    const harness = await renderWithFiles(PdfOcr, 'pdf-ocr', ['crazyones.pdf'], succeeds('pdf-ocr'));
    const output = harness.screen.getByRole('combobox', { name: 'Output format' });
    await expect.element(output).toHaveDisplayValue('Searchable PDF');
    await convertUntil(harness, 'complete');
    expect(harness.fake.requests[0]?.url).toBe('https://api.example.test/v2/convert/pdf/to/ocr');

    await output.selectOptions('Text File');
    await harness.screen.getByRole('combobox', { name: 'Language' }).selectOptions('de');
    harness.convertButton().click();
    await expect.poll(() => harness.fake.requests.length).toBe(2);
    await expectState(harness, 'complete');
    expect(harness.fake.requests[1]?.url).toBe('https://api.example.test/v2/convert/pdf/to/txt');
    expect(harness.requestFields(1)).toEqual([
      ['File', 'file:crazyones.pdf'],
      ['Language', 'de'],
      ['StoreFile', 'true'],
    ]);
  });
});
