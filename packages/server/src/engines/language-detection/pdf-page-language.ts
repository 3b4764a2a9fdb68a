/**
 * The language of a scanned PDF page (1-based `page`), rendered in grey at `dpi` the way the OCR
 * passes read it, for converters that read a whole document in the language of its first scan.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { renderPageGreyPng } from '../tesseract/page-ocr';
import { detectPageLanguage, type PageLanguage } from './page-language';

export async function detectPdfPageLanguage(
  pdfPath: string,
  page: number,
  dpi: number,
  options: { workDir: string; timeoutMs: number; signal?: AbortSignal },
): Promise<PageLanguage> {
  const base = join(options.workDir, `language-page-${page}`);
  const limits = { timeoutMs: options.timeoutMs, ...(options.signal ? { signal: options.signal } : {}) };
  const image = await renderPageGreyPng(pdfPath, page, dpi, base, limits);
  try {
    return await detectPageLanguage(image, options);
  } finally {
    await rm(image, { force: true });
  }
}
