/** OCR and redaction through the real server: the text layer and its removal, read with pdftotext. */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PdfOcrModel } from './models/pdf-ocr.model';
import { PdfRedactModel } from './models/pdf-redact.model';
import { corpusFile, repoCorpusFile } from './support/corpus';
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
