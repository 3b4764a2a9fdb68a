import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfOcr } from './PdfOcr';

describeToolScenarios({
  Component: PdfOcr,
  toolId: 'pdf-ocr',
  accepted: ['crazyones.pdf'],
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  tooLarge: {
    name: 'big.pdf',
    type: 'application/pdf',
    bytes: 100 * 1024 * 1024 + 1,
    title: 'File too large',
    message: 'File size must be less than 100MB',
  },
  expectedFields: [
    ['Language', 'en'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'Language', label: 'Language' },
});

describe('PdfOcr page', () => {
  it('lists the 27 languages, English by default', async () => {
    const harness = await renderTool(PdfOcr, 'pdf-ocr');
    const select = harness.root.querySelector<HTMLSelectElement>('[data-option="Language"] select')!;
    expect(select.options).toHaveLength(27);
    expect(select.value).toBe('en');
  });

  it('Searchable PDF posts to pdf/to/ocr, Text File to pdf/to/txt, with the chosen language', async () => {
    const harness = await renderTool(
      PdfOcr,
      'pdf-ocr',
      {},
      { kind: 'success', files: exampleResults['pdf-ocr'] },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    const output = harness.screen.getByRole('combobox', { name: 'Output format' });
    await expect.element(output).toHaveDisplayValue('Searchable PDF');
    harness.convertButton().click();
    await expectState(harness, 'complete');
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
