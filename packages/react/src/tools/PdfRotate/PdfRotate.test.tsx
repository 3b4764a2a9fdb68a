import { describe, expect, it } from 'vitest';
import { convertUntil, fillField, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfRotate } from './PdfRotate';

describeToolScenarios({
  Component: PdfRotate,
  toolId: 'pdf-rotate',
  accepted: ['pdflatex-4-pages.pdf'],
  ...pdfInputRules(100),
  expectedFields: [
    ['RotatePage', '90'],
    ['PageRange', '1-99'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'PageRange', label: 'Pages to rotate' },
});

describe('PdfRotate page', () => {
  it("with pages 'all' the range is not sent; the angle is", async () => {
    const harness = await renderWithFiles(
      PdfRotate,
      'pdf-rotate',
      ['pdflatex-4-pages.pdf'],
      succeeds('pdf-rotate'),
    );
    await harness.screen.getByRole('combobox', { name: 'Angle' }).selectOptions('180');
    await fillField(harness, 'Pages to rotate', 'all');
    await convertUntil(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:pdflatex-4-pages.pdf'],
      ['RotatePage', '180'],
      ['StoreFile', 'true'],
    ]);
  });

  it('shows a server RotatePage error under the angle', async () => {
    const harness = await renderWithFiles(PdfRotate, 'pdf-rotate', ['pdflatex-4-pages.pdf'], {
      kind: 'invalid-parameters',
      fields: { RotatePage: ['RotatePage must be 90, 180 or 270'] },
    });
    await convertUntil(harness, 'failed');
    const field = harness.root.querySelector('[data-option="RotatePage"] [data-part="field-error"]');
    expect(field?.textContent).toBe('RotatePage must be 90, 180 or 270');
  });
});
