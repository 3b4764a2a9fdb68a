/**
 * The Tesseract models pdf/to/txt reads with: the request's Language, or, when none was sent, the
 * language found on the first page that needs OCR (engines/language-detection: script by OSD, a
 * first pass with that script's models, franc over its text). Later pages are assumed to share it: a
 * document in two languages is read in the first page's.
 */
import { detectPdfPageLanguage } from '../../engines/language-detection';
import { timeLeftMs } from '../../engines/time-left';
import type { ConverterContext } from '../converter.types';
import type { OcrParameters } from '../pdf-ocr';

/**
 * '+'-joined models for the scanned pages, or undefined when nothing was named and no page is a
 * scan, or the first scan shows no script (scanned pages are then read as en; unmapped lines find
 * their script's models themselves).
 */
export async function scanModels(
  ctx: ConverterContext<OcrParameters>,
  pdfPath: string,
  firstScan: { index: number; dpi: number } | undefined,
): Promise<string | undefined> {
  if (!ctx.params.detect) return ctx.params.model;
  if (!firstScan) return undefined;
  const options = { workDir: ctx.workDir, timeoutMs: timeLeftMs(ctx.deadlineAt, 1000), signal: ctx.signal };
  return (await detectPdfPageLanguage(pdfPath, firstScan.index + 1, firstScan.dpi, options)).models;
}
