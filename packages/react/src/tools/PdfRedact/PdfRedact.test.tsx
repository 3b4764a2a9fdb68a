import { describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { loadFixtures } from '../../fixtures';
import { seriousViolations } from '../../testing/axe.check';
import { expectState, fieldError, renderTool, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { describeToolScenarios, pdfInputRules } from '../../testing/tool.scenarios';
import { PdfRedact } from './PdfRedact';

const confirmInDialog = async () => {
  await page.getByRole('alertdialog').getByRole('button', { name: 'Redact', exact: true }).click();
};

describeToolScenarios({
  Component: PdfRedact,
  toolId: 'pdf-redact',
  accepted: ['crazyones.pdf'],
  ...pdfInputRules(100),
  confirm: confirmInDialog,
  expectedFields: [
    ['Preset', 'auto'],
    ['RedactionColor', '#000000'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'Preset', label: 'Redaction preset' },
});

describe('PdfRedact page', () => {
  it('warns that redaction cannot be undone', async () => {
    const harness = await renderTool(PdfRedact, 'pdf-redact');
    const warning = harness.part('redact-warning')!;
    expect(warning.textContent).toContain('Redaction cannot be undone');
    expect(warning.textContent).toContain('Keep a backup of the original file.');
  });

  it('asks before redacting: Escape cancels and returns focus, nothing is sent', async () => {
    const harness = await renderWithFiles(PdfRedact, 'pdf-redact', ['crazyones.pdf']);
    harness.convertButton().focus();
    await userEvent.keyboard('{Enter}');
    const dialog = page.getByRole('alertdialog', { name: 'Redact this PDF?' });
    await expect.element(dialog).toBeVisible();
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await seriousViolations(document)).toEqual([]);
    await userEvent.keyboard('{Escape}');
    await expect.element(dialog).not.toBeInTheDocument();
    await expect.element(harness.screen.getByRole('button', { name: 'Redact PDF' })).toHaveFocus();
    expect(harness.fake.requests).toHaveLength(0);
  });

  it('confirms by keyboard and sends the preset and colour', async () => {
    const harness = await renderWithFiles(PdfRedact, 'pdf-redact', ['crazyones.pdf'], succeeds('pdf-redact'));
    await harness.screen.getByRole('combobox', { name: 'Redaction preset' }).selectOptions('hipaa');
    harness.convertButton().focus();
    await userEvent.keyboard('{Enter}');
    await expect.element(page.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:crazyones.pdf'],
      ['Preset', 'hipaa'],
      ['RedactionColor', '#000000'],
      ['StoreFile', 'true'],
    ]);
  });

  it('the manual preset asks for the words to redact', async () => {
    const harness = await renderTool(PdfRedact, 'pdf-redact');
    expect(harness.root.querySelector('[data-option="RedactionTerms"]')).toBeNull();
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await harness.screen.getByRole('combobox', { name: 'Redaction preset' }).selectOptions('manual');
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Words or patterns to redact' }))
      .toBeVisible();
    harness.convertButton().click();
    await confirmInDialog();
    await expect
      .poll(() => fieldError(harness, 'RedactionTerms'))
      .toBe('Please enter the words or patterns to redact.');
    expect(harness.fake.requests).toHaveLength(0);
  });
});
