import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfToPdfa } from './PdfToPdfa';

describeToolScenarios({
  Component: PdfToPdfa,
  toolId: 'pdf-to-pdfa',
  accepted: ['crazyones.pdf'],
  rejected: {
    file: 'hdr-header-footer.docx',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  tooLarge: {
    name: 'big.pdf',
    type: 'application/pdf',
    bytes: 50 * 1024 * 1024 + 1,
    title: 'Invalid file format',
    message: 'File is larger than 52428800 bytes',
  },
  expectedFields: [
    ['PdfaVersion', 'PdfA2b'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'PdfaVersion', label: 'PDF/A version' },
});

describe('PdfToPdfa page', () => {
  it('sends the chosen PDF/A version', async () => {
    const harness = await renderTool(
      PdfToPdfa,
      'pdf-to-pdfa',
      {},
      { kind: 'success', files: exampleResults['pdf-to-pdfa'] },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    const select = harness.root.querySelector<HTMLSelectElement>('[data-option="PdfaVersion"] select')!;
    expect([...select.options].map((o) => o.value)).toEqual([
      'PdfA1b',
      'PdfA2b',
      'PdfA2u',
      'PdfA3b',
      'PdfA3u',
    ]);
    await harness.screen.getByRole('combobox').selectOptions('PdfA3u');
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toContainEqual(['PdfaVersion', 'PdfA3u']);
  });
});
