import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfCompress } from './PdfCompress';

const pdf50 = {
  name: 'big.pdf',
  type: 'application/pdf',
  bytes: 50 * 1024 * 1024 + 1,
  title: 'Invalid file format',
  message: 'File is larger than 50 MB',
};

describeToolScenarios({
  Component: PdfCompress,
  toolId: 'pdf-compress',
  accepted: ['pdflatex-4-pages.pdf'],
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  tooLarge: pdf50,
  expectedFields: [
    ['Preset', 'ebook'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'Preset', label: 'Compression preset' },
});

describe('PdfCompress page', () => {
  it('offers the five presets and sends the chosen one', async () => {
    const harness = await renderTool(
      PdfCompress,
      'pdf-compress',
      {},
      {
        kind: 'success',
        files: exampleResults['pdf-compress'],
      },
    );
    const select = harness.root.querySelector<HTMLSelectElement>('[data-option="Preset"] select')!;
    expect([...select.options].map((o) => o.value)).toEqual(['text', 'archive', 'web', 'ebook', 'printer']);
    await harness.drop(await loadFixtures('crazyones.pdf'));
    select.value = 'text';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toContainEqual(['Preset', 'text']);
    await expect.poll(() => harness.parts('result-size').map((n) => n.textContent)).toEqual(['5.1 KB']);
  });
});
