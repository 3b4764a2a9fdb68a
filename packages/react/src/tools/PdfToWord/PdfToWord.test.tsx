import { describe, expect, it } from 'vitest';
import { renderTool } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfToWord } from './PdfToWord';

describeToolScenarios({
  Component: PdfToWord,
  toolId: 'pdf-to-word',
  accepted: ['crazyones.pdf'],
  ...pdfInputRules(50, 'hdr-header-footer.docx'),
  expectedFields: [['StoreFile', 'true']],
});

describe('PdfToWord page', () => {
  it('lists the features and the compliance claim', async () => {
    const harness = await renderTool(PdfToWord, 'pdf-to-word');
    expect(harness.part('features')?.textContent).toContain('OCR for scanned PDFs');
    expect(harness.part('compliance-note')?.textContent).toContain('HIPAA and GDPR');
    expect(harness.root.textContent).toContain('Drag & drop your PDF here');
  });
});
