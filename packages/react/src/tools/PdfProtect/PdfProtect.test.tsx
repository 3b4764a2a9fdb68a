import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, fieldError, fillField, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { PdfProtect } from './PdfProtect';

describeToolScenarios({
  Component: PdfProtect,
  toolId: 'pdf-protect',
  accepted: ['crazyones.pdf'],
  select: async (harness) => {
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await fillField(harness, 'User password', 'open sesame');
  },
  rejected: {
    file: 'pil123rgba.png',
    title: 'Invalid file format',
    message: 'Please upload PDF files only.',
  },
  expectedFields: [
    ['UserPassword', 'open sesame'],
    ['StoreFile', 'true'],
  ],
  fieldError: { name: 'UserPassword', label: 'User password' },
});

describe('PdfProtect page', () => {
  it("a blank user password gives 'User password required' under the field and in a toast", async () => {
    const harness = await renderTool(PdfProtect, 'pdf-protect');
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await fillField(harness, 'User password', '   ');
    harness.convertButton().click();
    await expect
      .poll(() => harness.toasts())
      .toEqual([
        {
          title: 'User password required',
          message: 'Please enter a password to protect the PDF.',
          variant: 'failure',
        },
      ]);
    expect(fieldError(harness, 'UserPassword')).toBe('Please enter a password to protect the PDF.');
    expect(harness.fake.requests).toHaveLength(0);
  });

  it('sends the owner password only when it is set, and never the catalogue-only encryption level', async () => {
    const harness = await renderTool(
      PdfProtect,
      'pdf-protect',
      {},
      { kind: 'success', files: exampleResults['pdf-protect'] },
    );
    await harness.drop(await loadFixtures('crazyones.pdf'));
    await fillField(harness, 'User password', 'user');
    await fillField(harness, 'Owner password (optional)', 'owner');
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:crazyones.pdf'],
      ['UserPassword', 'user'],
      ['OwnerPassword', 'owner'],
      ['StoreFile', 'true'],
    ]);
  });
});
