/**
 * What crosses between the server thread and a MuPDF worker: coarse tasks named by file path (the
 * worker reads the file itself), plain results, and errors flattened so an ApiError (422 damaged,
 * 5003 password) arrives as an ApiError again instead of a bare Error.
 */

import { ApiError, type ErrorCodeValue } from '../../contract/errors';
import type { RasterisePagesPlan, RasterMode } from '../../converters/pdf-redact/rasterise-pages';
import type { RedactionPlan, RedactionTexts } from '../../converters/pdf-redact/redaction-mupdf';
import type { ExtractOptions, PageAnalysis, RenderedPage } from '../pdf-structure';
import type { PageTextLayer } from '../tesseract';

export type MupdfTask =
  /** Opens the PDF (the contract's 422s on failure) and counts its pages. */
  | { kind: 'count-pages'; path: string; password?: string }
  /** Renders one page to tightly packed RGB. */
  | { kind: 'render-rgb'; path: string; index: number; dpi: number; maxPixels?: number }
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
  | { kind: 'strip-active-content'; path: string };

export interface MupdfResults {
  'count-pages': { pages: number };
  'render-rgb': RenderedPage;
  'analyse-page': PageAnalysis;
  'text-layers': { pages: number; layers: PageTextLayer[] };
  'redaction-texts': RedactionTexts;
  'apply-redactions': { bytes: number };
  'rasterise-pages': { modes: RasterMode[] };
  'widen-page-boxes': { bytes: number };
  /** `locked`: the file needs a password, so it was left as it is. */
  'strip-active-content': { removed: number; locked: boolean };
}

export type ResultOf<T extends MupdfTask> = MupdfResults[T['kind']];

export interface SerializedError {
  message: string;
  api?: { status: number; code: ErrorCodeValue; invalidParameters?: Record<string, string[]> };
}

export type WorkerReply =
  | { id: number; ok: true; result: unknown }
  /** `fatal`: MuPDF itself failed (its heap may be damaged); the pool replaces the worker. */
  | { id: number; ok: false; error: SerializedError; fatal: boolean };

export function serializeError(error: unknown): SerializedError {
  if (error instanceof ApiError) {
    return {
      message: error.message,
      api: { status: error.status, code: error.code, invalidParameters: error.invalidParameters },
    };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function deserializeError(error: SerializedError): Error {
  if (error.api)
    return new ApiError(error.api.status, error.api.code, error.message, error.api.invalidParameters);
  return new Error(`MuPDF worker: ${error.message}`);
}

/** Buffers lose their class in a structured clone; views over the same memory get it back. */
export const asBuffer = (bytes: Uint8Array): Buffer =>
  Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
