import { describe, expect, it } from 'vitest';
import { exampleResults, loadFixtures } from '../../fixtures';
import { expectState, fieldError, fillField, renderTool } from '../../testing/tool.harness';
import { describeToolScenarios } from '../../testing/tool.scenarios';
import { ImagesToPdf } from './ImagesToPdf';

describeToolScenarios({
  Component: ImagesToPdf,
  toolId: 'images-to-pdf',
  accepted: ['pil123rgba.png', 'hopper.webp'],
  rejected: {
    file: 'crazyones.pdf',
    title: 'Invalid file format',
    message: 'Please upload supported image formats only.',
  },
  tooLarge: {
    name: 'huge.png',
    type: 'image/png',
    bytes: 50 * 1024 * 1024 + 1,
    title: 'Invalid file format',
    message: 'File is larger than 50 MB',
  },
  expectedFields: [['StoreFile', 'true']],
  fieldError: { name: 'MarginHorizontal', label: 'Horizontal Margin (mm)' },
});

describe('ImagesToPdf page', () => {
  it("appends on each drop under 'Selected Images (count)' and removes one by one", async () => {
    const harness = await renderTool(ImagesToPdf, 'images-to-pdf');
    await harness.drop(await loadFixtures('pil123rgba.png'));
    await expect.element(harness.screen.getByRole('heading', { name: 'Selected Images (1)' })).toBeVisible();
    await harness.drop(await loadFixtures('hopper.webp', 'hopper_orientation_6.jpg'));
    await expect.element(harness.screen.getByRole('heading', { name: 'Selected Images (3)' })).toBeVisible();
    await harness.screen.getByRole('button', { name: 'Remove hopper.webp' }).click();
    await expect.element(harness.screen.getByRole('heading', { name: 'Selected Images (2)' })).toBeVisible();
    expect(harness.parts('file-name').map((n) => n.textContent)).toEqual([
      'pil123rgba.png',
      'hopper_orientation_6.jpg',
    ]);
  });

  it('keeps valid images of a mixed drop and reports the rest', async () => {
    const harness = await renderTool(ImagesToPdf, 'images-to-pdf');
    await harness.drop(await loadFixtures('pil123rgba.png', 'crazyones.pdf'));
    await expect
      .poll(() => harness.toasts().map((t) => t.message))
      .toEqual(['Please upload supported image formats only.']);
    expect(harness.parts('file-name').map((n) => n.textContent)).toEqual(['pil123rgba.png']);
  });

  it('sends Files[i] in order with page size and margins only when set', async () => {
    const harness = await renderTool(
      ImagesToPdf,
      'images-to-pdf',
      {},
      {
        kind: 'success',
        files: exampleResults['images-to-pdf'],
      },
    );
    await harness.drop(await loadFixtures('pil123rgba.png', 'hopper.webp'));
    await harness.screen.getByRole('combobox', { name: 'Page Size' }).selectOptions('a4');
    await fillField(harness, 'Horizontal Margin (mm)', '10');
    harness.convertButton().click();
    await expectState(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['Files[0]', 'file:pil123rgba.png'],
      ['Files[1]', 'file:hopper.webp'],
      ['PageSize', 'a4'],
      ['MarginHorizontal', '10'],
      ['StoreFile', 'true'],
    ]);
  });

  it('refuses a margin over 500 mm before sending anything', async () => {
    const harness = await renderTool(ImagesToPdf, 'images-to-pdf');
    await harness.drop(await loadFixtures('pil123rgba.png'));
    await fillField(harness, 'Vertical Margin (mm)', '600');
    harness.convertButton().click();
    await expect.poll(() => fieldError(harness, 'MarginVertical')).toContain('between 0 and 500');
    expect(harness.fake.requests).toHaveLength(0);
    expect(harness.state()).toBe('selected');
  });
});
