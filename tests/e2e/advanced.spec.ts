/** OCR and redaction through the real server: the text layer and its removal, read with pdftotext. */
import { expect, test } from '@playwright/test';
import { PdfOcrModel } from './models/pdf-ocr.model';
import { PdfRedactModel } from './models/pdf-redact.model';
import { corpusFile } from './support/corpus';
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
