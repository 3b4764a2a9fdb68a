import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, fillField, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfRotate } from './PdfRotate';

describeToolScenarios({
  Component: PdfRotate,
  toolId: 'pdf-rotate',
  accepted: ['pdflatex-4-pages.pdf'],
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
    ['RotatePage', '90'],
    ['PageRange', '1-99'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'PageRange', label: 'Pages to rotate' },
});

describe('PdfRotate page', () => {
  it("with pages 'all' the range is not sent; the angle is", async () => {
    const harness = await renderTool(
      PdfRotate,
      'pdf-rotate',
      {},
      { kind: 'success', files: exampleResults['pdf-rotate'] },
    );
    await harness.drop(await loadFixtures('pdflatex-4-pages.pdf'));
    await harness.screen.getByRole('combobox', { name: 'Angle' }).selectOptions('180');
    await fillField(harness, 'Pages to rotate', 'all');
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:pdflatex-4-pages.pdf'],
      ['RotatePage', '180'],
      ['StoreFile', 'true'],
    ]);
  });

  it('shows a server RotatePage error under the angle', async () => {
    const harness = await renderTool(
      PdfRotate,
      'pdf-rotate',
      {},
      {
        kind: 'invalid-parameters',
        fields: { RotatePage: ['RotatePage must be 90, 180 or 270'] },
      },
    );
    await harness.drop(await loadFixtures('pdflatex-4-pages.pdf'));
    harness.convertButton().click();
    await expectState(harness, 'failed');
    const field = harness.root.querySelector('[data-option="RotatePage"] [data-part="field-error"]');
    expect(field?.textContent).toBe('RotatePage must be 90, 180 or 270');
  });
});
