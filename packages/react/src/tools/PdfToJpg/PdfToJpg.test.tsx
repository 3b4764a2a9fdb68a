import { describe, expect, it } from 'vitest';
import { renderTool } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfToJpg } from './PdfToJpg';

describeToolScenarios({
  Component: PdfToJpg,
  toolId: 'pdf-to-jpg',
  accepted: ['pdflatex-4-pages.pdf'],
  ...pdfInputRules(50),
  expectedFields: [['StoreFile', 'true']],
});

describe('PdfToJpg page', () => {
  it('does not show the catalogue-only quality and resolution options', async () => {
    const harness = await renderTool(PdfToJpg, 'pdf-to-jpg');
    expect(harness.root.querySelector('[data-option="JpgQuality"]')).toBeNull();
    expect(harness.root.querySelector('[data-option="ImageResolution"]')).toBeNull();
  });
});
