/**
 * OCR of single PDF pages: poppler renders the page to a greyscale PNG, Tesseract reads it. Both run
 * as killable child processes (never inside the event loop), one OpenMP thread each; callers run a
 * few pages at once with `mapConcurrently`.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type RunEngineOptions, runEngine } from '../run-engine';
import { singleThreadEnv } from './ocrmypdf';

export const OCR_DPI = 300;
/** Renders larger than this (a poster page at 300 dpi) are scaled down: Tesseract needs no more. */
const MAX_OCR_PIXELS = 40_000_000;

export interface PageOcrOptions {
  /** Tesseract model names joined with '+' by this module. */
  models: readonly string[];
  workDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

/** One OCRed word with its box in page points (origin top-left, like MuPDF's page space). */
export interface OcrWord {
  text: string;
  box: [number, number, number, number];
  /** Tesseract's block/paragraph/line numbers, so callers can rebuild lines. */
  line: string;
}

/** The resolution used for a page of this size in points. */
export function ocrDpi(widthPt: number, heightPt: number): number {
  const pixels = ((widthPt * OCR_DPI) / 72) * ((heightPt * OCR_DPI) / 72);
  return pixels > MAX_OCR_PIXELS ? Math.floor(OCR_DPI * Math.sqrt(MAX_OCR_PIXELS / pixels)) : OCR_DPI;
}

/**
 * Renders one page (1-based) as the greyscale PNG Tesseract reads, `${base}.png`. Shared with the
 * searchable-PDF pipeline, which names its files itself.
 */
export async function renderPageGreyPng(
  pdfPath: string,
  page: number,
  dpi: number,
  base: string,
  limits: Pick<RunEngineOptions, 'timeoutMs' | 'signal'>,
): Promise<string> {
  const pageArg = String(page);
  await runEngine(
    'pdftoppm',
    ['-r', String(dpi), '-gray', '-png', '-f', pageArg, '-l', pageArg, '-singlefile', '--', pdfPath, base],
    limits,
  );
  return `${base}.png`;
}

const renderPage = (pdfPath: string, page: number, dpi: number, options: PageOcrOptions): Promise<string> =>
  renderPageGreyPng(pdfPath, page, dpi, join(options.workDir, `ocr-page-${page}`), {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
  });

async function tesseract(image: string, format: 'txt' | 'tsv', options: PageOcrOptions): Promise<string> {
  const args = [image, 'stdout', '-l', options.models.join('+'), ...(format === 'tsv' ? ['tsv'] : [])];
  const { stdout } = await runEngine('tesseract', args, {
    timeoutMs: options.timeoutMs,
    signal: options.signal,
    env: singleThreadEnv(options.workDir),
  });
  return stdout.toString('utf8');
}

/** Plain text of page `page` (1-based) of a PDF. */
export async function ocrPageText(
  pdfPath: string,
  page: number,
  dpi: number,
  options: PageOcrOptions,
): Promise<string> {
  const image = await renderPage(pdfPath, page, dpi, options);
  try {
    return await tesseract(image, 'txt', options);
  } finally {
    await rm(image, { force: true });
  }
}

/** Words with boxes in points, for finding where detected text sits on a scanned page. */
export async function ocrPageWords(
  pdfPath: string,
  page: number,
  dpi: number,
  options: PageOcrOptions,
): Promise<OcrWord[]> {
  const image = await renderPage(pdfPath, page, dpi, options);
  try {
    return parseTesseractWords(await tesseract(image, 'tsv', options), 72 / dpi);
  } finally {
    await rm(image, { force: true });
  }
}

/** Tesseract TSV rows of level 5 are words: left, top, width, height in pixels, then the text. */
export function parseTesseractWords(tsv: string, scale: number): OcrWord[] {
  const words: OcrWord[] = [];
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = (f[11] ?? '').trim();
    if (!text || Number(f[10]) < 0) continue;
    const [left, top, width, height] = [f[6], f[7], f[8], f[9]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    words.push({
      text,
      box: [left * scale, top * scale, (left + width) * scale, (top + height) * scale],
      line: `${f[2]}-${f[3]}-${f[4]}`,
    });
  }
  return words;
}

/** Runs `work` over `items` with at most `limit` in flight; results keep the items' order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    while (next < items.length && !failed) {
      const index = next++;
      try {
        results[index] = await work(items[index] as T, index);
      } catch (error) {
        failed = true; // no new pages once one failed; the caller gets the first error
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
