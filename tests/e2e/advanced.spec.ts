/** OCR and redaction through the real server: the text layer and its removal, read with pdftotext. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PdfOcrModel } from './models/pdf-ocr.model';
import { PdfRedactModel } from './models/pdf-redact.model';
import { corpusFile, repoCorpusFile } from './support/corpus';
import { imageOnlyPdf } from './support/image-only-pdf';
import { pdfPageCount, pdfText } from './support/inspect';

test('OCR PDF makes a scanned page searchable', async ({ page }, testInfo) => {
  const input = corpusFile('pdf-scanned/linn.pdf');
  expect(pdfText(input).trim()).toBe('');
  const tool = new PdfOcrModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.chooseLanguage('en');
  const result = await tool.convertAndDownload(testInfo);
  expect(pdfPageCount(result.path)).toBe(1);
  expect(pdfText(result.path)).toMatch(/LinnSequencer/i);
});

test('OCR PDF reads a French scan in French, a language past the 27 in the picker', async ({
  page,
}, testInfo) => {
  const input = repoCorpusFile('pdf-scanned/francais.pdf');
  const tool = new PdfOcrModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.chooseLanguage('fr');
  await tool.chooseOutput('Text File');
  const result = await tool.convertAndDownload(testInfo);
  const text = readFileSync(result.path, 'utf8').normalize('NFC');
  for (const word of ['île', 'côté', 'bûches', 'âtre', 'capharnaüm', 'œuvre']) expect(text).toContain(word);
});

/** How many language models Tesseract itself lists on this machine (the server's, in these tests). */
function installedTesseractLanguages(): number {
  const listing = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8' });
  return listing
    .split('\n')
    .slice(1)
    .filter((line) => line.trim() !== '' && line.trim() !== 'osd').length;
}

test("OCR PDF offers the server's installed languages after the 27, and reads a Czech scan in Czech", async ({
  page,
}, testInfo) => {
  const input = await imageOnlyPdf(
    repoCorpusFile('pdf-unmapped/udhr-cs-no-tounicode.pdf'),
    testInfo.outputPath('udhr-cs-scan.pdf'),
  );
  expect(pdfText(input).trim()).toBe('');
  const tool = new PdfOcrModel(page);
  await tool.open();
  const language = tool.combobox('Language');
  // the list comes from GET /api/ocr/languages: the spec's 27, then (by name) what this server has
  await expect(language.locator('option')).toHaveCount(installedTesseractLanguages());
  const labels = await language.locator('option').allTextContents();
  expect(labels.slice(0, 27)).toContain('English');
  expect(labels.slice(27)).toEqual(expect.arrayContaining(['Czech', 'French', 'Serbian (Latin)']));
  expect(labels.slice(27)).toEqual([...labels.slice(27)].sort((a, b) => a.localeCompare(b, 'en')));
  await tool.chooseFiles(input);
  await language.selectOption({ label: 'Czech' });
  await tool.chooseOutput('Text File');
  const result = await tool.convertAndDownload(testInfo);
  const text = readFileSync(result.path, 'utf8').normalize('NFC');
  for (const word of ['Článek', 'důstojnosti', 'svědomím', 'náboženství', 'smýšlení'])
    expect(text).toContain(word);
});

test('Redact PDF removes the chosen words from the text', async ({ page }, testInfo) => {
  const input = corpusFile('pdf/crazyones.pdf');
  expect(pdfText(input)).toContain('misfits');
  const tool = new PdfRedactModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.choosePreset('manual');
  await tool.enterTerms('misfits');
  const result = await tool.convertAndDownload(testInfo);
  const text = pdfText(result.path);
  expect(text).not.toContain('misfits');
  expect(text).toContain('rebels');
});
