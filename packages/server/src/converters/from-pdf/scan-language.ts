/**
 * PDF to Word / PowerPoint / Excel take no Language: a document's scanned pages are read in the
 * language found on its first page without a text layer (engines/language-detection: script by OSD,
 * a first pass with that script's models, franc over its text), instead of English. Found once per
 * document, before the page loop, so each scanned page is still read in one pass.
 */
import { detectPdfPageLanguage } from '../../engines/language-detection';
import { readTextLayersInWorker } from '../../engines/mupdf-worker';
import { hasText, ocrDpi } from '../../engines/tesseract';
import type { ConverterContext } from '../converter.types';

/** Tesseract's '+'-joined models for the document's scans; undefined (English) when it has none or OSD sees no script. */
export async function documentScanLanguage(
  ctx: ConverterContext,
  input: string,
  deadlineAt: number,
): Promise<string | undefined> {
  const pages = await readTextLayersInWorker(input, ctx.signal, deadlineAt);
  const first = pages.findIndex((page) => !hasText(page));
  const page = pages[first];
  if (!page) return undefined;
  const timeoutMs = Math.max(1_000, deadlineAt - Date.now());
  try {
    const found = await detectPdfPageLanguage(input, first + 1, ocrDpi(page.width, page.height), {
      workDir: ctx.workDir,
      timeoutMs,
      signal: ctx.signal,
    });
    return found.models;
  } catch (error) {
    if (ctx.signal.aborted) throw error;
    // a page Tesseract cannot read for its language is read in English, as before
    return undefined;
  }
}
