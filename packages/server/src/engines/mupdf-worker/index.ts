/**
 * Work off the server's event loop: every task of the worker-task registry (worker-tasks.ts: MuPDF's
 * page rendering, page analysis, text and redaction work, pdf-lib's watermark) runs in one small pool
 * of worker threads (size = the server's MuPDF concurrency, default 2), so one complex page no longer
 * stalls health checks and downloads. Call `shutdownMupdfWorkers()` when the server closes.
 */

import { engineTimeout } from '../../contract/errors';
import { compiledMupdf } from '../mupdf-wasm';
import type { PlacedItem } from '../pdf-outlines/merge-outlines';
import { ocrRenderedPage } from '../pdf-structure/ocr-page';
import {
  buildPageStructure,
  type ExtractOptions,
  type PageAnalysis,
  type PageWithFlow,
  readUnreadableLines,
} from '../pdf-structure/page-structure';
import type { RenderedPage } from '../pdf-structure/render-page';
import type { WatermarkOptions } from '../stamp-watermark';
import type { PageTextLayer } from '../tesseract';
import { taskWorkerEntry, workerEntryProblem } from './task-entry';
import { IDLE_WORKER_MS, TaskPool } from './task-pool';
import { asBuffer, type MupdfTask, type ResultOf, type WorkerTask } from './worker-protocol';

const DEFAULT_SIZE = 2;
/**
 * A worker whose MuPDF heap grew past this (one huge page rendered, a big file opened) is ended after
 * its task. The heap starts at 22 MB and stayed there through bench/small-jobs' 200 mixed jobs; a
 * 600 dpi render of four letter pages took it to 127 MB, and it would keep that for good.
 */
const RETIRE_ABOVE_HEAP_BYTES = 160 * 1024 * 1024;
let pool: TaskPool | undefined;
let size = DEFAULT_SIZE;
let idleMs = IDLE_WORKER_MS;

/** The pool's worker entry: dist/task-worker.js when compiled, the TypeScript handler from source. */
export const TASK_WORKER = taskWorkerEntry();

/** The pool's worker entry with MuPDF's module compiled in this thread, once (mupdf-wasm.ts). */
export async function taskWorkerWithMupdf(): Promise<{ filename: string; workerData: object }> {
  return { ...TASK_WORKER, workerData: { ...TASK_WORKER.workerData, mupdfModule: await compiledMupdf() } };
}

async function taskPool(): Promise<TaskPool> {
  if (pool) return pool;
  const entry = await taskWorkerWithMupdf();
  // two first tasks may both have waited for the module: the first to get here makes the pool
  pool ??= new TaskPool(size, entry, 'mupdf', { retireAboveHeapBytes: RETIRE_ABOVE_HEAP_BYTES, idleMs });
  return pool;
}

/**
 * Sets the pool size (the server's `engineConcurrency.mupdf`) and how long an idle worker stays (its
 * `workerIdleSeconds`, in ms). A pool set otherwise already running is closed (its running tasks
 * finish) and the next task starts the new one.
 */
export function configureMupdfWorkers(threads: number, idleAfterMs = IDLE_WORKER_MS): void {
  const next = Math.max(1, Math.floor(threads));
  if (next === size && idleAfterMs === idleMs) return;
  size = next;
  idleMs = idleAfterMs;
  const previous = pool;
  pool = undefined;
  void previous?.close();
}

/** Terminates every worker; the next task (a new server in the same process) starts fresh ones. */
export async function shutdownMupdfWorkers(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.shutdown();
}

/** Why the worker threads cannot start, or undefined (readiness reads it). */
export const mupdfWorkerProblem = (): string | undefined => workerEntryProblem(TASK_WORKER);

/** Worker threads alive now. */
export const mupdfWorkerThreads = (): number => pool?.threads ?? 0;

/** The worker threads running a task now (fault tests terminate one to play a crash). */
export const busyMupdfWorkers = () => pool?.busyWorkers() ?? [];

/**
 * Runs one registered task in the pool. Aborting `signal`, or reaching `deadlineAt` (epoch ms),
 * terminates the worker mid-task and rejects with the signal's reason or a 504.
 */
export async function runWorkerTask<T extends WorkerTask>(
  task: T,
  signal?: AbortSignal,
  deadlineAt = Number.POSITIVE_INFINITY,
): Promise<ResultOf<T>> {
  if (!Number.isFinite(deadlineAt)) return (await (await taskPool()).run(task, signal)) as ResultOf<T>;
  const stop = new AbortController();
  const forward = (): void => stop.abort(signal?.reason ?? engineTimeout());
  if (signal?.aborted) forward();
  signal?.addEventListener('abort', forward, { once: true });
  const timer = setTimeout(() => stop.abort(engineTimeout()), Math.max(0, deadlineAt - Date.now()));
  try {
    return (await (await taskPool()).run(task, stop.signal)) as ResultOf<T>;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forward);
  }
}

/** The MuPDF tasks by their registered name (redaction, active content). */
export const runMupdfTask: <T extends MupdfTask>(
  task: T,
  signal?: AbortSignal,
  deadlineAt?: number,
) => Promise<ResultOf<T>> = runWorkerTask;

/** What stops a task: the job's signal and its deadline (epoch ms); either terminates the worker. */
export interface TaskLimits {
  signal?: AbortSignal;
  deadlineAt?: number;
}

/** Opens the PDF in a worker (422 when damaged or locked) and counts its pages. */
export async function countPdfPages(
  path: string,
  limits: TaskLimits = {},
  password?: string,
): Promise<number> {
  const { pages } = await runMupdfTask(
    { kind: 'count-pages', path, password },
    limits.signal,
    limits.deadlineAt,
  );
  return pages;
}

export async function renderPageRgbInWorker(
  path: string,
  index: number,
  dpi: number,
  limits: TaskLimits = {},
  maxPixels?: number,
): Promise<RenderedPage> {
  const rendered = await runMupdfTask(
    { kind: 'render-rgb', path, index, dpi, maxPixels },
    limits.signal,
    limits.deadlineAt,
  );
  return { ...rendered, pixels: asBuffer(rendered.pixels) };
}

/**
 * Renders one page and encodes it as a JPEG into `output`, both in a worker (render-jpg.ts: 4:2:0
 * below quality 100); answers the pixel size and the resolution used.
 */
export async function renderPageJpgInWorker(
  path: string,
  page: { index: number; dpi: number; quality: number; output: string },
  limits: TaskLimits = {},
): Promise<{ width: number; height: number; dpi: number }> {
  return await runMupdfTask({ kind: 'render-jpg', path, ...page }, limits.signal, limits.deadlineAt);
}

/**
 * pdf/to/merge: writes `items` into the merged file at `path` (an incremental update, in a worker) and
 * answers its new bytes, or undefined when nothing was written.
 */
export async function insertOutlinesInWorker(
  path: string,
  items: PlacedItem[],
  limits: TaskLimits = {},
): Promise<Buffer | undefined> {
  const written = await runMupdfTask(
    { kind: 'insert-outlines', path, items },
    limits.signal,
    limits.deadlineAt,
  );
  return written.bytes && asBuffer(written.bytes);
}

export async function analysePageInWorker(
  path: string,
  index: number,
  options: Extract<MupdfTask, { kind: 'analyse-page' }>['options'],
  limits: TaskLimits = {},
): Promise<PageAnalysis> {
  const analysis = await runMupdfTask(
    { kind: 'analyse-page', path, index, options },
    limits.signal,
    limits.deadlineAt,
  );
  for (const image of analysis.images) image.data = asBuffer(image.data);
  if (analysis.art) analysis.art.png = asBuffer(analysis.art.png);
  if (analysis.scan) analysis.scan.pixels = asBuffer(analysis.scan.pixels);
  if (analysis.unreadable) analysis.unreadable.render.pixels = asBuffer(analysis.unreadable.render.pixels);
  return analysis;
}

/**
 * extractPageStructure with MuPDF's share in a worker: the worker analyses the page (or renders a scan),
 * Tesseract runs as a child process from this thread (so the job's signal can stop it), and tables and
 * reading order are computed here from the small result.
 */
export async function extractPageStructureInWorker(
  path: string,
  index: number,
  options: ExtractOptions,
  limits: TaskLimits = {},
): Promise<PageWithFlow> {
  const { ocr, ...rest } = options;
  const analysis = await analysePageInWorker(
    path,
    index,
    { ...rest, detectScans: ocr !== undefined },
    limits,
  );
  const ocrLines = analysis.scan && ocr ? await ocrRenderedPage(analysis.scan, index, ocr) : null;
  const read = await readUnreadableLines(analysis, ocr);
  return buildPageStructure(read, ocrLines, options.alignedTables !== false);
}

/** Pages per text-layer task: small enough that the deadline and abort are checked often. */
const TEXT_LAYER_CHUNK = 25;

/**
 * readTextLayers (engines/tesseract) with MuPDF in the pool: each page's text layer and size, read in
 * chunks of pages; `deadlineAt` (epoch ms) and the signal stop it between chunks, the signal mid-chunk.
 */
export async function readTextLayersInWorker(
  path: string,
  signal: AbortSignal,
  deadlineAt = Number.POSITIVE_INFINITY,
): Promise<PageTextLayer[]> {
  const all: PageTextLayer[] = [];
  let pages = Number.POSITIVE_INFINITY;
  for (let from = 0; from < pages; from += TEXT_LAYER_CHUNK) {
    if (signal.aborted) throw signal.reason ?? engineTimeout();
    if (Date.now() > deadlineAt) throw engineTimeout();
    const chunk = await runMupdfTask(
      { kind: 'text-layers', path, from, to: from + TEXT_LAYER_CHUNK },
      signal,
    );
    pages = chunk.pages;
    all.push(...chunk.layers);
  }
  return all;
}

/**
 * Stamps a text watermark on every page of `input` into `output` with pdf-lib, in a worker (a 100 MB
 * or hostile PDF neither blocks the server nor outlives the job). False when pdf-lib cannot parse it.
 */
export async function stampWatermarkInWorker(
  input: string,
  output: string,
  options: WatermarkOptions,
  limits: TaskLimits = {},
): Promise<boolean> {
  const { stamped } = await runWorkerTask(
    { kind: 'stamp-watermark', input, output, options },
    limits.signal,
    limits.deadlineAt,
  );
  return stamped;
}
