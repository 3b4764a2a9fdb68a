import { beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { seriousViolations } from '../../testing/axe.check';
import { warmUpPdfJs } from '../../testing/pdf.warmup';
import { convertUntil, fillField, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { PdfRotate } from './PdfRotate';

beforeAll(warmUpPdfJs, 60_000);

const pageButton = (harness: Awaited<ReturnType<typeof renderWithFiles>>, page: number) =>
  harness.screen.getByRole('button', { name: `Rotate page ${page}`, exact: true });

describe('PdfRotate pages', () => {
  it('rotates only the clicked pages: the pictures turn and PageRange names them', async () => {
    const harness = await renderWithFiles(
      PdfRotate,
      'pdf-rotate',
      ['pdflatex-4-pages.pdf'],
      succeeds('pdf-rotate'),
    );
    // The default '1-99' chooses every page of a 4-page file.
    await expect.element(pageButton(harness, 4)).toHaveAttribute('aria-pressed', 'true');
    await harness.screen.getByRole('button', { name: 'No pages' }).click();
    await expect.element(harness.screen.getByText('Choose at least one page to rotate.')).toBeVisible();
    expect(harness.convertButton().disabled).toBe(true);

    await pageButton(harness, 2).click();
    await pageButton(harness, 4).click();
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Pages to rotate' }))
      .toHaveValue('2, 4');
    await harness.screen.getByRole('combobox', { name: 'Angle' }).selectOptions('270');
    const image = (page: number) =>
      harness.root.querySelector<HTMLElement>(`[data-page="${page}"] [data-part="page-image"]`);
    await expect.element(image(2)).toHaveAttribute('data-rotation', '270');
    await expect.element(image(3)).toHaveAttribute('data-rotation', '0');
    await expect.element(image(4)).toHaveAttribute('data-state', 'ready');
    expect(await seriousViolations(harness.root)).toEqual([]);

    await convertUntil(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:pdflatex-4-pages.pdf'],
      ['RotatePage', '270'],
      ['PageRange', '2, 4'],
      ['StoreFile', 'true'],
    ]);
  });

  it('shows a typed range on the pictures, and is worked by keyboard alone', async () => {
    const harness = await renderWithFiles(
      PdfRotate,
      'pdf-rotate',
      ['pdflatex-4-pages.pdf'],
      succeeds('pdf-rotate'),
    );
    await fillField(harness, 'Pages to rotate', '1,3');
    await expect.element(pageButton(harness, 3)).toHaveAttribute('aria-pressed', 'true');
    await expect.element(pageButton(harness, 2)).toHaveAttribute('aria-pressed', 'false');

    pageButton(harness, 1).element().focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect.element(pageButton(harness, 2)).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('{ArrowRight}');
    await userEvent.keyboard(' ');
    await expect.element(harness.screen.getByRole('textbox', { name: 'Pages to rotate' })).toHaveValue('1-2');
  });

  it('says so when the file cannot be drawn, and still converts it', async () => {
    const broken = new File([new TextEncoder().encode('%PDF-1.7\nbroken')], 'broken.pdf', {
      type: 'application/pdf',
    });
    const harness = await renderWithFiles(PdfRotate, 'pdf-rotate', [], succeeds('pdf-rotate'));
    await harness.drop([broken]);
    await expect
      .element(
        harness.screen.getByText('The pages of this file cannot be shown here; converting it still works.'),
      )
      .toBeVisible();
    await convertUntil(harness, 'complete');
  });
});
