/**
 * Searchable PDFs with a page pipeline of our own: each page without text is rendered by poppler,
 * Tesseract (one OpenMP thread, two pages at a time) writes a text-only PDF of it (`textonly_pdf=1`:
 * invisible glyphs, no image), and qpdf overlays those pages onto the original ones. The original
 * page content, images included, is not touched; pages that have text are not OCRed. Measured against
 * OCRmyPDF (bench/ocr-redact.bench.ts) this is about twice as fast a page on the 2-core host, because
 * it skips OCRmyPDF's Python start-up, Ghostscript rasterising and per-page PDF grafting.
 */
import { join } from 'node:path';
import { readTextLayersInWorker } from '../../engines/mupdf-worker';
import { runEngine } from '../../engines/run-engine';
import {
  hasText,
  mapConcurrently,
  ocrDpi,
  renderPageGreyPng,
  singleThreadEnv,
} from '../../engines/tesseract';
import { timeLeftMs } from '../../engines/time-left';

export interface OwnSearchableOptions {
  models: readonly string[];
  jobs: number;
  workDir: string;
  signal: AbortSignal;
  /** Epoch milliseconds when the job's time is up. */
  deadlineAt: number;
  /** OCR only these pages (0-based) when they have no text; default: every page without text. */
  onlyPages?: readonly number[];
}

export interface SearchableSummary {
  pages: number;
  ocrPages: number;
}

async function textOnlyPage(
  input: string,
  page: number,
  dpi: number,
  options: OwnSearchableOptions,
): Promise<string> {
  const base = join(options.workDir, `ocr-layer-${page}`);
  await renderPageGreyPng(input, page, dpi, base, {
    timeoutMs: timeLeftMs(options.deadlineAt, 1000),
    signal: options.signal,
  });
  // Tesseract sizes the PDF page from the PNG's resolution (pdftoppm writes it), so it matches the page.
  await runEngine(
    'tesseract',
    [`${base}.png`, base, '-l', options.models.join('+'), '-c', 'textonly_pdf=1', 'pdf'],
    {
      timeoutMs: timeLeftMs(options.deadlineAt, 1000),
      signal: options.signal,
      env: singleThreadEnv(options.workDir),
    },
  );
  return `${base}.pdf`;
}

export async function makeSearchablePdfByPages(
  input: string,
  output: string,
  options: OwnSearchableOptions,
): Promise<SearchableSummary> {
  const layers = await readTextLayersInWorker(input, options.signal, options.deadlineAt);
  const wanted = options.onlyPages ? new Set(options.onlyPages) : undefined;
  const todo = layers.flatMap((layer, index) =>
    hasText(layer) || (wanted && !wanted.has(index)) ? [] : [index],
  );
  const qpdfOptions = { timeoutMs: timeLeftMs(options.deadlineAt, 1000), signal: options.signal };
  if (todo.length === 0) {
    await runEngine('qpdf', ['--', input, output], qpdfOptions).catch(allowWarnings);
    return { pages: layers.length, ocrPages: 0 };
  }
  const textPdfs = await mapConcurrently(todo, options.jobs, (index) => {
    const layer = layers[index];
    return textOnlyPage(input, index + 1, ocrDpi(layer?.width ?? 612, layer?.height ?? 792), options);
  });
  const combined = join(options.workDir, 'ocr-layers.pdf');
  await runEngine('qpdf', ['--empty', '--pages', ...textPdfs, '--', combined], qpdfOptions).catch(
    allowWarnings,
  );
  const targets = todo.map((index) => index + 1).join(',');
  await runEngine('qpdf', [input, '--overlay', combined, `--to=${targets}`, '--from=1-z', '--', output], {
    timeoutMs: timeLeftMs(options.deadlineAt, 1000),
    signal: options.signal,
  }).catch(allowWarnings);
  return { pages: layers.length, ocrPages: todo.length };
}

/** qpdf exits 3 when it wrote the file but repaired something on the way (a damaged input). */
function allowWarnings(error: unknown): void {
  if ((error as { code?: number }).code === 3) return;
  throw error;
}
