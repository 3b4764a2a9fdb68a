import { beforeAll, describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { seriousViolations } from '../../testing/axe.check';
import { warmUpPdfJs } from '../../testing/pdf.warmup';
import { convertUntil, fillField, renderWithFiles, succeeds } from '../../testing/tool.harness';
import { PdfSplit } from './PdfSplit';

beforeAll(warmUpPdfJs, 60_000);

const render = () => renderWithFiles(PdfSplit, 'pdf-split', ['pdflatex-4-pages.pdf'], succeeds('pdf-split'));

describe('PdfSplit pages', () => {
  it('two clicked boundaries make three parts, sent as ExtractPages', async () => {
    const harness = await render();
    const boundary = (page: number) =>
      harness.screen.getByRole('button', { name: `Split after page ${page}` });
    await expect.element(boundary(1)).toBeVisible();
    // No scissors after the last page.
    expect(harness.parts('split-boundary')).toHaveLength(3);
    await boundary(1).click();
    await boundary(3).click();
    await expect.element(boundary(3)).toHaveAttribute('aria-pressed', 'true');
    expect(harness.part('split-mode')?.getAttribute('data-state')).toBe('pages');
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Pages to extract' }))
      .toHaveValue('1, 2-3, 4');
    await expect.element(harness.screen.getByText('Files to make: 1, 2-3, 4')).toBeVisible();
    expect(await seriousViolations(harness.root)).toEqual([]);
    await convertUntil(harness, 'complete');
    expect(harness.requestFields()).toEqual([
      ['File', 'file:pdflatex-4-pages.pdf'],
      ['ExtractPages', '1, 2-3, 4'],
      ['StoreFile', 'true'],
    ]);
  });

  it('picked pages are extracted; a click on a boundary starts over with cuts', async () => {
    const harness = await render();
    const page = (n: number) =>
      harness.screen.getByRole('button', { name: `Extract page ${n}`, exact: true });
    await page(2).click();
    await page(4).click();
    await expect.element(page(4)).toHaveAttribute('aria-pressed', 'true');
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Pages to extract' }))
      .toHaveValue('2, 4');
    await harness.screen.getByRole('button', { name: 'Split after page 2' }).click();
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Pages to extract' }))
      .toHaveValue('1-2, 3-4');
    await expect.element(page(2)).toHaveAttribute('aria-pressed', 'false');
  });

  it('a typed range shows on the pages; keyboard alone picks and cuts', async () => {
    const harness = await render();
    await harness.screen.getByRole('radio', { name: 'Specific pages' }).click();
    await fillField(harness, 'Pages to extract', '1-2, 3-4');
    await expect
      .element(harness.screen.getByRole('button', { name: 'Split after page 2' }))
      .toHaveAttribute('aria-pressed', 'true');

    harness.screen.getByRole('button', { name: 'Extract page 1', exact: true }).element().focus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{Enter}');
    await expect.element(harness.screen.getByRole('textbox', { name: 'Pages to extract' })).toHaveValue('3');
    // Tab from the page reaches its scissors.
    await userEvent.keyboard('{Tab}');
    await expect.element(harness.screen.getByRole('button', { name: 'Split after page 3' })).toHaveFocus();
    await userEvent.keyboard(' ');
    await expect
      .element(harness.screen.getByRole('textbox', { name: 'Pages to extract' }))
      .toHaveValue('1-3, 4');
  });
});
