import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, fillField, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { OfficeToPdf } from './OfficeToPdf';

describeToolScenarios({
  Component: OfficeToPdf,
  toolId: 'office-to-pdf',
  accepted: ['hdr-header-footer.docx'],
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload a supported Office document format.',
  },
  tooLarge: {
    name: 'huge.docx',
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    bytes: 100 * 1024 * 1024 + 1,
    title: 'Invalid file format',
    message: 'File is larger than 100 MB',
  },
  expectedFields: [
    ['PdfVersion', '1.4'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'PageRange', label: 'Page Range' },
});

describe('OfficeToPdf page', () => {
  it('Remove clears the chosen file and disables the button again', async () => {
    const harness = await renderTool(OfficeToPdf, 'office-to-pdf');
    await harness.drop(await loadFixtures('french.rtf'));
    await expectState(harness, 'selected');
    await harness.screen.getByRole('button', { name: 'Remove french.rtf' }).click();
    await expectState(harness, 'idle');
    expect(harness.convertButton().disabled).toBe(true);
  });

  it('a second drop replaces the file; two files at once are refused', async () => {
    const harness = await renderTool(OfficeToPdf, 'office-to-pdf');
    await harness.drop(await loadFixtures('french.rtf'));
    await harness.drop(await loadFixtures('hdr-header-footer.docx'));
    await expect
      .poll(() => harness.parts('file-name').map((n) => n.textContent))
      .toEqual(['hdr-header-footer.docx']);
    await harness.drop(await loadFixtures('french.rtf', 'hdr-header-footer.docx'));
    await expect
      .poll(() => harness.toasts())
      .toEqual([{ title: 'Invalid file format', message: 'Too many files', variant: 'failure' }]);
    expect(harness.parts('file-name').map((n) => n.textContent)).toEqual(['hdr-header-footer.docx']);
  });

  it('sends Page Range, PDF Version and PdfA=true when set', async () => {
    const harness = await renderTool(
      OfficeToPdf,
      'office-to-pdf',
      {},
      {
        kind: 'success',
        files: exampleResults['office-to-pdf'],
      },
    );
    await harness.drop(await loadFixtures('hdr-header-footer.docx'));
    await fillField(harness, 'Page Range', '1-5, 8');
    await harness.screen.getByRole('combobox', { name: 'PDF Version' }).selectOptions('1.7');
    await harness.screen.getByRole('switch', { name: 'PDF/A' }).click();
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:hdr-header-footer.docx'],
      ['PageRange', '1-5, 8'],
      ['PdfVersion', '1.7'],
      ['PdfA', 'true'],
      ['StoreFile', 'true'],
    ]);
    expect(harness.part('compliance-note')?.textContent).toContain('HIPAA and GDPR');
  });
});
