import { describe, expect, it } from 'vitest';
import { renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfToWord } from './PdfToWord';

describeToolScenarios({
  Component: PdfToWord,
  toolId: 'pdf-to-word',
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
