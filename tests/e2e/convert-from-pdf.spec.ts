/** One real conversion per 'Convert from PDF' tool; Office results are opened as the zip they are. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PdfToExcelModel } from './models/pdf-to-excel.model';
import { PdfToJpgModel } from './models/pdf-to-jpg.model';
import { PdfToPowerpointModel } from './models/pdf-to-powerpoint.model';
import { PdfToWordModel } from './models/pdf-to-word.model';
import { corpusFile, repoCorpusFile } from './support/corpus';
import { isJpeg, zipEntries, zipEntryText } from './support/inspect';

test('PDF to Word gives a .docx with the text of the PDF', async ({ page }, testInfo) => {
  const tool = new PdfToWordModel(page);
  await tool.open();
  const result = await tool.convertAndDownload(testInfo, corpusFile('pdf/crazyones.pdf'));
  expect(result.fileName).toMatch(/\.docx$/);
  expect(zipEntries(result.path)).toContain('word/document.xml');
  expect(zipEntryText(result.path, 'word/document.xml')).toContain('misfits');
});

test('PDF to PowerPoint gives a .pptx with one slide per page', async ({ page }, testInfo) => {
  const tool = new PdfToPowerpointModel(page);
  await tool.open();
  const result = await tool.convertAndDownload(testInfo, corpusFile('pdf/crazyones.pdf'));
  expect(result.fileName).toMatch(/\.pptx$/);
  const slides = zipEntries(result.path).filter((entry) => /^ppt\/slides\/slide\d+\.xml$/.test(entry));
  expect(slides).toHaveLength(1);
  expect(zipEntryText(result.path, 'ppt/slides/slide1.xml')).toContain('misfits');
});

test('PDF to Excel gives a .xlsx holding the table of the PDF', async ({ page }, testInfo) => {
  const tool = new PdfToExcelModel(page);
  await tool.open();
  const result = await tool.convertAndDownload(testInfo, corpusFile('pdf-tables/foo.pdf'));
  expect(result.fileName).toMatch(/\.xlsx$/);
  const entries = zipEntries(result.path);
  expect(entries.some((entry) => /^xl\/worksheets\/sheet\d+\.xml$/.test(entry))).toBe(true);
  const strings = entries.includes('xl/sharedStrings.xml')
    ? zipEntryText(result.path, 'xl/sharedStrings.xml')
    : '';
  const sheet = zipEntryText(result.path, 'xl/worksheets/sheet1.xml');
  expect(`${strings}${sheet}`).toMatch(/Cycle/);
});

test('PDF to Excel reads a table printed sideways (/Rotate 90) upright, with numbers as numbers', async ({
  page,
}, testInfo) => {
  const tool = new PdfToExcelModel(page);
  await tool.open();
  const source = repoCorpusFile('pdf-tables/nics-background-checks-2015-11-rotated.pdf');
  const result = await tool.convertAndDownload(testInfo, source);
  const strings = zipEntryText(result.path, 'xl/sharedStrings.xml');
  expect(strings).toContain('>Alabama<');
  expect(strings).toContain('>Wyoming<');
  expect(strings).not.toContain('A l a b a m a');
  // Alabama's total (71,137) is a number cell, not text
  expect(zipEntryText(result.path, 'xl/worksheets/sheet1.xml')).toMatch(/<v>71137<\/v>/);
});

test('PDF to JPG lists the pages of a 117-page book while it converts', async ({ page }) => {
  const tool = new PdfToJpgModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/GeoTopo-komprimiert.pdf'));
  await tool.convert();
  // the list exists only while converting: pages the server has stored, before the answer
  const ready = tool.root.locator('[data-part="ready-results"]');
  await expect(ready.getByRole('heading', { name: /^Ready so far \(\d+\)$/ })).toBeVisible();
  await tool.expectComplete();
  await expect(ready).toHaveCount(0);
  await expect(tool.resultItems).toHaveCount(117);
});

test('PDF to JPG gives one JPEG per page', async ({ page }, testInfo) => {
  const tool = new PdfToJpgModel(page);
  await tool.open();
  const result = await tool.convertAndDownload(testInfo, corpusFile('pdf/crazyones.pdf'));
  await expect(tool.resultItems).toHaveCount(1);
  expect(result.fileName).toMatch(/\.jpe?g$/);
  expect(isJpeg(result.path)).toBe(true);
  expect(readFileSync(result.path).length).toBeGreaterThan(10_000);
});
