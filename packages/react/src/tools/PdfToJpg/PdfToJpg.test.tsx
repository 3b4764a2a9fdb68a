import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfToJpg } from './PdfToJpg';

describeToolScenarios({
  Component: PdfToJpg,
  toolId: 'pdf-to-jpg',
  accepted: ['pdflatex-4-pages.pdf'],
  rejected: {
    file: 'pil123rgba.png',
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

import { describe, expect, it } from 'vitest';
import { renderTool } from '../../testing/tool.harness';

describe('PdfToJpg page', () => {
  it('does not show the catalogue-only quality and resolution options', async () => {
    const harness = await renderTool(PdfToJpg, 'pdf-to-jpg');
    expect(harness.root.querySelector('[data-option="JpgQuality"]')).toBeNull();
    expect(harness.root.querySelector('[data-option="ImageResolution"]')).toBeNull();
  });
});
