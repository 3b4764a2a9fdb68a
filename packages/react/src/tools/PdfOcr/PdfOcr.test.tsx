import { OCR_LANGUAGES } from '@docstudio/core';
import { describe, expect, it } from 'vitest';
import { type FakeOcrLanguage, loadFixtures } from '../../fixtures';
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

/** A docstudio server's answer: two of the 27, and three languages beyond them, by name. */
const SERVER_LANGUAGES: FakeOcrLanguage[] = [
  { Code: 'en', Name: 'English', Listed: true },
  { Code: 'de', Name: 'German', Listed: true },
  { Code: 'cs', Name: 'Czech', Listed: false },
  { Code: 'fr', Name: 'French', Listed: false },
  { Code: 'sr-latn', Name: 'Serbian (Latin)', Listed: false },
];

const languageSelect = (harness: { root: HTMLElement }) =>
  harness.root.querySelector<HTMLSelectElement>('[data-option="Language"] select')!;
const optionValues = (select: HTMLSelectElement) => [...select.options].map((choice) => choice.value);

describe('PdfOcr page', () => {
  it("lists the spec's 27 first, then the server's other installed languages, English by default", async () => {
    const harness = await renderTool(
      PdfOcr,
      'pdf-ocr',
      {},
      { kind: 'never' },
      { ocrLanguages: SERVER_LANGUAGES },
    );
    const select = languageSelect(harness);
    await expect.poll(() => select.options.length).toBe(27 + 3);
    expect(harness.fake.lookups).toEqual(['https://api.example.test/v2/ocr/languages']);
    const values = optionValues(select);
    expect(values.slice(0, 27)).toEqual(OCR_LANGUAGES.map((choice) => choice.value));
    expect(values.slice(27)).toEqual(['cs', 'fr', 'sr-latn']);
    expect([...select.options].slice(27).map((choice) => choice.text)).toEqual([
      'Czech',
      'French',
      'Serbian (Latin)',
    ]);
    expect(select.value).toBe('en');
  });

  it('sends a language beyond the 27 that the server listed', async () => {
    const harness = await renderTool(PdfOcr, 'pdf-ocr', {}, succeeds('pdf-ocr'), {
      ocrLanguages: SERVER_LANGUAGES,
    });
    await expect.poll(() => optionValues(languageSelect(harness))).toContain('cs');
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await harness.screen.getByRole('combobox', { name: 'Language' }).selectOptions('Czech');
    await convertUntil(harness, 'complete');
    expect(harness.requestFields(0)).toContainEqual(['Language', 'cs']);
  });

  it("keeps the spec's 27 on a host whose API has no language list (the provider's answers 404)", async () => {
    const harness = await renderTool(PdfOcr, 'pdf-ocr');
    await expect.poll(() => harness.fake.lookups.length).toBe(1);
    expect(optionValues(languageSelect(harness))).toEqual(OCR_LANGUAGES.map((choice) => choice.value));
    expect(harness.fake.requests).toEqual([]);
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
