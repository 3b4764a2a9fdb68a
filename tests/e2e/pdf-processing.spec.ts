/** Compress, protect, unlock and PDF/A through the real server, checked with qpdf and pdfinfo. */
import { statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { PdfCompressModel } from './models/pdf-compress.model';
import { PdfProtectModel } from './models/pdf-protect.model';
import { PdfToPdfaModel } from './models/pdf-to-pdfa.model';
import { PdfUnprotectModel } from './models/pdf-unprotect.model';
import { corpusFile } from './support/corpus';
import { pdfMetadata, pdfPageCount, pdfText, requiresPassword } from './support/inspect';

test('Compress PDF keeps every page and never grows the file', async ({ page }, testInfo) => {
  const input = corpusFile('pdf/annotated_pdf.pdf');
  const tool = new PdfCompressModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.choosePreset('web');
  const result = await tool.convertAndDownload(testInfo);
  expect(pdfPageCount(result.path)).toBe(pdfPageCount(input));
  expect(statSync(result.path).size).toBeLessThanOrEqual(statSync(input).size);
});

test('Protect PDF gives a file that needs the password', async ({ page }, testInfo) => {
  const tool = new PdfProtectModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await tool.enterUserPassword('e2e-secret 1');
  const result = await tool.convertAndDownload(testInfo);
  expect(requiresPassword(result.path)).toBe(true);
  expect(pdfText(result.path, 'e2e-secret 1')).toContain('misfits');
});

test('Unlock PDF removes a known password', async ({ page }, testInfo) => {
  const input = corpusFile('pdf-encrypted/r6-both-passwords.pdf');
  expect(requiresPassword(input)).toBe(true);
  const tool = new PdfUnprotectModel(page);
  await tool.open();
  await tool.chooseFiles(input);
  await tool.enterPassword('foo');
  const result = await tool.convertAndDownload(testInfo);
  expect(requiresPassword(result.path)).toBe(false);
  expect(pdfPageCount(result.path)).toBe(1);
});

test('PDF to PDF/A writes the PDF/A identification of the chosen version', async ({ page }, testInfo) => {
  const tool = new PdfToPdfaModel(page);
  await tool.open();
  await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
  await tool.chooseVersion('PdfA2b');
  const result = await tool.convertAndDownload(testInfo);
  const xmp = pdfMetadata(result.path);
  // XMP may write the identification as attributes (either quote) or as elements.
  expect(xmp).toMatch(/pdfaid:part(>|=["'])2/);
  expect(xmp).toMatch(/pdfaid:conformance(>|=["'])B/);
  expect(pdfText(result.path)).toContain('misfits');
});
