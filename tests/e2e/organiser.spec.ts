/**
 * The page organiser as a new user works it, on the built studio and the real server: page pictures
 * drawn in the browser (pdf.js, worker from the studio's own origin, under its Content-Security-
 * Policy), merge order by mouse drag and by keyboard, split by clicking two boundaries, rotate of
 * two clicked pages. Results checked with qpdf, pdftotext and pdfinfo.
 */
import { execFileSync } from 'node:child_process';
import { expect, type Page, test } from '@playwright/test';
import { PdfMergeModel } from './models/pdf-merge.model';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { PdfSplitModel } from './models/pdf-split.model';
import { consoleMessages } from './support/console-messages';
import { corpusFile } from './support/corpus';
import { pdfPageCount, pdfText } from './support/inspect';

/** What the browser console says about refused content (a CDN worker or a blob: worker would be). */
function cspViolations(page: Page): string[] {
  return consoleMessages(page, /Content Security Policy|Refused to/i);
}

/** Each page's rotation in degrees, as pdfinfo reads it ('Page    2 rot:  90'). */
function pageRotations(path: string, pages: number): number[] {
  const output = execFileSync('pdfinfo', ['-f', '1', '-l', String(pages), path], { encoding: 'utf8' });
  return [...output.matchAll(/^Page\s+\d+\s+rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
}

test('Merge: three PDFs reordered by mouse drag and by keyboard come out in that order', async ({
  page,
}, testInfo) => {
  const violations = cspViolations(page);
  const tool = new PdfMergeModel(page);
  await tool.open();
  await tool.chooseFiles(
    corpusFile('pdf/pdflatex-4-pages.pdf'),
    corpusFile('pdf/crazyones.pdf'),
    corpusFile('pdf/scotus-transcript-p1.pdf'),
  );
  expect(await tool.order()).toEqual(['pdflatex-4-pages.pdf', 'crazyones.pdf', 'scotus-transcript-p1.pdf']);

  // The pages of a file, drawn in the browser.
  const pages = await tool.showPages('pdflatex-4-pages.pdf');
  await expect(pages.getByRole('img', { name: 'Page 4', exact: true })).toHaveAttribute(
    'data-state',
    'ready',
  );
  await tool.root.getByRole('button', { name: 'Show the pages of pdflatex-4-pages.pdf' }).click();
  await expect(pages).toBeHidden();

  await tool.dragWithMouse('scotus-transcript-p1.pdf', 'pdflatex-4-pages.pdf');
  await expect
    .poll(() => tool.order())
    .toEqual(['scotus-transcript-p1.pdf', 'pdflatex-4-pages.pdf', 'crazyones.pdf']);
  await tool.moveWithKeyboard('crazyones.pdf', 'ArrowUp', 1);
  await expect
    .poll(() => tool.order())
    .toEqual(['scotus-transcript-p1.pdf', 'crazyones.pdf', 'pdflatex-4-pages.pdf']);
  await expect(page.getByText('crazyones.pdf dropped at position 2 of 3.')).toBeAttached();

  const result = await tool.convertAndDownload(testInfo);
  expect(pdfPageCount(result.path)).toBe(6);
  const texts = pdfText(result.path).split('\f');
  expect(texts[0]).toContain('Official - Subject to Final Review');
  expect(texts[1]).toContain('misfits');
  expect(texts[2]).toContain('Hello, here is some text without a meaning');
  expect(violations).toEqual([]);
});

test('Split: clicking two page boundaries gives three files', async ({ page }, testInfo) => {
  const violations = cspViolations(page);
  const tool = new PdfSplitModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/pdflatex-4-pages.pdf'));
  await expect(tool.root.getByRole('button', { name: 'Extract page 4', exact: true })).toBeVisible();
  await tool.splitAfter(1);
  await tool.splitAfter(3);
  await expect(tool.textbox('Pages to extract')).toHaveValue('1, 2-3, 4');
  await tool.convert();
  await tool.expectComplete();
  await expect(tool.resultItems).toHaveCount(3);
  const counts: number[] = [];
  for (const index of [0, 1, 2]) counts.push(pdfPageCount((await tool.download(testInfo, index)).path));
  expect(counts).toEqual([1, 2, 1]);
  expect(violations).toEqual([]);
});

test('Rotate: pages 2 and 4 clicked on the pictures are the only ones turned', async ({ page }, testInfo) => {
  const tool = new PdfRotateModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/pdflatex-4-pages.pdf'));
  await tool.choosePagesOnPictures(2, 4);
  await expect(tool.textbox('Pages to rotate')).toHaveValue('2, 4');
  // The chosen pages are shown turned by the angle, the others upright.
  const picture = (n: number) => tool.root.locator(`[data-page="${n}"] [data-part="page-image"]`);
  await expect(picture(2)).toHaveAttribute('data-rotation', '90');
  await expect(picture(3)).toHaveAttribute('data-rotation', '0');
  const result = await tool.convertAndDownload(testInfo);
  expect(pageRotations(result.path, 4)).toEqual([0, 90, 0, 90]);
});
