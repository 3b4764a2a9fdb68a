/** Merge, split, rotate and watermark through the real server, checked with qpdf and poppler. */
import { expect, test } from '@playwright/test';
import { PdfMergeModel } from './models/pdf-merge.model';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { PdfSplitModel } from './models/pdf-split.model';
import { PdfWatermarkModel } from './models/pdf-watermark.model';
import { corpusFile } from './support/corpus';
import { pdfInfo, pdfPageCount, pdfText } from './support/inspect';

test('Merge PDF joins the files in the order shown', async ({ page }, testInfo) => {
  const tool = new PdfMergeModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/pdflatex-4-pages.pdf'), corpusFile('pdf/crazyones.pdf'));
  const result = await tool.convertAndDownload(testInfo);
  expect(pdfPageCount(result.path)).toBe(5);
  // The last page is the crazy ones text: the second file comes after the four pages of the first.
  const lastPage = pdfText(result.path).split('\f')[4] ?? '';
  expect(lastPage).toContain('misfits');
});

test('Split PDF gives one file per page', async ({ page }, testInfo) => {
  const tool = new PdfSplitModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/pdflatex-4-pages.pdf'));
  await tool.chooseMode('All pages');
  await tool.convert();
  await tool.expectComplete();
  await expect(tool.resultItems).toHaveCount(4);
  const second = await tool.download(testInfo, 1);
  expect(pdfPageCount(second.path)).toBe(1);
});

test('Rotate PDF turns the pages by 180 degrees', async ({ page }, testInfo) => {
  const tool = new PdfRotateModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await tool.chooseAngle('180');
  const result = await tool.convertAndDownload(testInfo);
  expect(pdfInfo(result.path)['Page rot']).toBe('180');
});

test('Watermark PDF stamps the text on the page', async ({ page }, testInfo) => {
  const tool = new PdfWatermarkModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await tool.enterText('E2E DRAFT');
  const result = await tool.convertAndDownload(testInfo);
  expect(pdfPageCount(result.path)).toBe(1);
  expect(pdfText(result.path)).toContain('E2E DRAFT');
});
