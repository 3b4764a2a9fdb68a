import { describe, expect, it } from 'vitest';
import { loadFixtures } from '../../fixtures';
import { expectState, fieldError, fillField, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfUnprotect } from './PdfUnprotect';

describeToolScenarios({
  Component: PdfUnprotect,
  toolId: 'pdf-unprotect',
  accepted: ['crazyones.pdf'],
  select: async (harness) => {
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await fillField(harness, 'Password', 'owner');
  },
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  expectedFields: [
    ['Password', 'owner'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'Password', label: 'Password' },
});

describe('PdfUnprotect page', () => {
  it("a blank password gives 'Password required' / 'Please enter the password to unlock the PDF.'", async () => {
    const harness = await renderTool(PdfUnprotect, 'pdf-unprotect');
    await harness.drop(await loadFixtures('crazyones.pdf'));
    harness.convertButton().click();
    await expect
      .poll(() => harness.toasts())
      .toEqual([
        {
          title: 'Password required',
          message: 'Please enter the password to unlock the PDF.',
          variant: 'failure',
        },
      ]);
    expect(fieldError(harness, 'Password')).toBe('Please enter the password to unlock the PDF.');
  });

  it("a wrong password answer shows 'Unlock failed' with the server's message", async () => {
    const harness = await renderTool(
      PdfUnprotect,
      'pdf-unprotect',
      {},
      { kind: 'server-error', status: 422, message: 'Invalid password' },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await fillField(harness, 'Password', 'wrong');
    harness.convertButton().click();
    await expectState(harness, 'failed');
    await expect
      .poll(() => harness.toasts())
      .toEqual([{ title: 'Unlock failed', message: 'Invalid password', variant: 'destructive' }]);
  });
});
