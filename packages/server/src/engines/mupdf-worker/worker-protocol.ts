/**
 * What crosses between the server thread and a task worker: coarse tasks named by file path (the
 * worker reads the file itself) and by their registered name (`kind`, see worker-tasks.ts), plain
 * results, and errors flattened so a DomainError (5002 damaged, 5003 password) arrives as a
 * DomainError again instead of a bare Error.
 */

import { DomainError, type DomainErrorDetails, type ErrorCodeValue } from '../../contract/errors';
import type { RasterisePagesPlan, RasterMode } from '../mupdf-redaction/rasterise-pages';
import type { RedactionPlan, RedactionTexts } from '../mupdf-redaction/redaction-mupdf';
import type { PlacedItem } from '../pdf-outlines/merge-outlines';
import type { ExtractOptions, PageAnalysis, RenderedPage } from '../pdf-structure';
import type { PreflightReport } from '../pdfa-preflight/pdfa-preflight';
import type { WatermarkOptions } from '../stamp-watermark';
import type { PageTextLayer } from '../tesseract';

/** The MuPDF tasks: page work, text, redaction and clean-up, each on a file named by path. */
export type MupdfTask =
  /** Opens the PDF (the contract's 422s on failure) and counts its pages. */
  | { kind: 'count-pages'; path: string; password?: string }
  /** Renders one page to tightly packed RGB. */
  | { kind: 'render-rgb'; path: string; index: number; dpi: number; maxPixels?: number }
  /** Renders one page and writes it to `output` as a JPEG (pdf/to/jpg; render-jpg.ts). */
  | {
      kind: 'render-jpg';
      path: string;
      index: number;
      dpi: number;
      quality: number;
      output: string;
      maxPixels?: number;
    }
  /** Everything MuPDF does for one page of pdf/to/docx, pptx and xlsx. */
  | {
      kind: 'analyse-page';
      path: string;
      index: number;
      options: Omit<ExtractOptions, 'ocr'> & { detectScans: boolean };
    }
  /** The text layer and size of pages [from, to) (pdf/to/txt and OCR decide which pages need OCR). */
  | { kind: 'text-layers'; path: string; from: number; to: number }
  /** pdf/to/redact, first half: every page's positioned text (hidden layers shown). */
  | { kind: 'redaction-texts'; path: string }
  /** pdf/to/redact, second half: applies the plan to a fresh copy and writes the result to `output`. */
  | { kind: 'apply-redactions'; path: string; output: string; plan: RedactionPlan }
  /** pdf/to/redact, safe path: pages of `redacted` replaced by burnt pictures of `original`'s. */
  | { kind: 'rasterise-pages'; original: string; redacted: string; output: string; plan: RasterisePagesPlan }
  /** A copy with every page box widened by `margin` points (the redaction's verification reads it). */
  | { kind: 'widen-page-boxes'; path: string; output: string; margin: number; asReference: boolean }
  /** Removes JavaScript, launch actions and embedded programs, rewriting the file in place if any. */
  | { kind: 'strip-active-content'; path: string }
  /** pdf/to/merge: the bookmarks of `parts`, placed at their pages in the merged file (pdf-outlines/). */
  | { kind: 'collect-outlines'; parts: string[] }
  /** pdf/to/merge: writes the collected bookmarks into the merged file at `path`. */
  | { kind: 'insert-outlines'; path: string; items: PlacedItem[] }
  /** pdf/to/pdfa: prepares the file in place for Ghostscript's PDF/A-`part` (pdfa-preflight/). */
  | { kind: 'pdfa-preflight'; path: string; part: number };

/** Every task a worker runs: the MuPDF ones and pdf-lib's watermark. */
export type WorkerTask =
  | MupdfTask
  /** pdf/to/watermark: stamps `options.text` on every page of `input` with pdf-lib, into `output`. */
  | { kind: 'stamp-watermark'; input: string; output: string; options: WatermarkOptions }
  /**
   * The worker's JavaScript heap in use (engines/idle-collection.ts), and whether it was handed MuPDF's
   * compiled module (engines/mupdf-wasm.ts): tests read both.
   */
  | { kind: 'heap-usage' };

export type TaskName = WorkerTask['kind'];

export interface TaskResults {
  'count-pages': { pages: number };
  'render-rgb': RenderedPage;
  /** The JPEG's pixel size and the resolution used (lower than asked when the page was capped). */
  'render-jpg': { width: number; height: number; dpi: number };
  'analyse-page': PageAnalysis;
  'text-layers': { pages: number; layers: PageTextLayer[] };
  'redaction-texts': RedactionTexts;
  'apply-redactions': { bytes: number };
  'rasterise-pages': { modes: RasterMode[] };
  'widen-page-boxes': { bytes: number };
  /** `locked`: the file needs a password, so it was left as it is. */
  /** What was removed; `checkedBy` 'scan' when the byte scan proved a large file clean without MuPDF. */
  'strip-active-content': { removed: number; locked: boolean; checkedBy: 'scan' | 'mupdf' };
  'collect-outlines': { items: PlacedItem[] };
  /** How many top-level bookmarks were written. */
  'insert-outlines': { inserted: number; bytes?: Uint8Array };
  'pdfa-preflight': PreflightReport;
  /** `stamped: false`: pdf-lib could not parse the file (the caller may repair it and try again). */
  'stamp-watermark': { stamped: boolean };
  'heap-usage': { usedHeapBytes: number; mupdfModuleHanded: boolean };
}

export type ResultOf<T extends WorkerTask> = TaskResults[T['kind']];

export interface SerializedError {
  message: string;
  domain?: { code: ErrorCodeValue; details: DomainErrorDetails };
}

/** What a task hands back in its worker: the result and the buffers to move (not copy) with it. */
export interface TaskDone<R> {
  result: R;
  transfer: ArrayBuffer[];
}

/** How a registered task runs inside a worker. */
export type TaskHandler<K extends TaskName> = (
  task: Extract<WorkerTask, { kind: K }>,
) => Promise<TaskDone<TaskResults[K]>>;

/** What the pool hands piscina: the task and an id for the thread's events about it. */
export interface TaskRequest {
  id: number;
  task: unknown;
}

/** The task's answer: its result, or an error the task threw that left the worker sound. */
/** `heapBytes`: the worker's MuPDF heap after the task (a pool retires a worker whose heap grew too far). */
export type TaskReply = ({ ok: true; result: unknown } | { ok: false; error: SerializedError }) & {
  heapBytes?: number;
};

/**
 * What a worker thread says besides answers: that it started task `started`, or that task `failed`
 * left it unsafe (MuPDF's heap may be damaged) and it is ending itself.
 */
export type TaskEvent = { started: number; threadId: number } | { failed: number; error: SerializedError };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof DomainError) {
    return { message: error.message, domain: { code: error.code, details: error.details() } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function deserializeError(error: SerializedError): Error {
  if (error.domain) return new DomainError(error.domain.code, error.message, error.domain.details);
  return new Error(`MuPDF worker: ${error.message}`);
}

/** Buffers lose their class in a structured clone; views over the same memory get it back. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
