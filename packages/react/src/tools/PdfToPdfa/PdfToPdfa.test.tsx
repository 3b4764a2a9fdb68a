import { describe, expect, it } from 'vitest';
import { convertUntil, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfToPdfa } from './PdfToPdfa';

describeToolScenarios({
  Component: PdfToPdfa,
  toolId: 'pdf-to-pdfa',
  accepted: ['crazyones.pdf'],
  ...pdfInputRules(50, 'hdr-header-footer.docx'),
  expectedFields: [
    ['PdfaVersion', 'PdfA2b'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'PdfaVersion', label: 'PDF/A version' },
});

describe('PdfToPdfa page', () => {
  it('sends the chosen PDF/A version', async () => {
    const harness = await renderWithFiles(
      PdfToPdfa,
      'pdf-to-pdfa',
      ['crazyones.pdf'],
      succeeds('pdf-to-pdfa'),
    );
    const select = harness.root.querySelector<HTMLSelectElement>('[data-option="PdfaVersion"] select')!;
    expect([...select.options].map((o) => o.value)).toEqual([
      'PdfA1b',
      'PdfA2b',
      'PdfA2u',
      'PdfA3b',
      'PdfA3u',
    ]);
    await harness.screen.getByRole('combobox').selectOptions('PdfA3u');
    await convertUntil(harness, 'complete');
    expect(harness.requestFields()).toContainEqual(['PdfaVersion', 'PdfA3u']);
  });
});
