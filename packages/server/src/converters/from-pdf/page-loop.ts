/**
 * The shared frame of every from-PDF converter: qpdf's inspection first (the contract's 422s for
 * damaged and password-protected files; MuPDF then opens the file in its worker pool), and a page
 * loop that stops with a clear 504 between pages when the job's time is up instead of running on.
 */

import { DomainError, damagedFile, engineTimeout } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import type { ConverterContext } from '../converter.types';

/**
 * The input's path after qpdf's inspection (the contract's 422s), for converters whose MuPDF work runs
 * in the worker pool: the worker opens the file itself, nothing is parsed on the server thread.
 */
export async function inspectedInputPdf(ctx: ConverterContext): Promise<string> {
  const input = ctx.files[0];
  if (!input) throw damagedFile('No PDF file was given.');
  await inspectPdf(input.path, { signal: ctx.signal });
  return input.path;
}

/** When the page loop must stop (epoch ms): the job's deadline less a margin for writing the result. */
export function pageLoopDeadlineAt(ctx: ConverterContext, reserveMs = 2_000): number {
  return Math.max(Date.now() + 1_000, ctx.deadlineAt - reserveMs);
}

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Runs `work` for each page in order; throws 504 when `deadlineAt` passes or the job is aborted. */
export async function forEachPage(
  ctx: ConverterContext,
  pages: number,
  deadlineAt: number,
  work: (index: number) => Promise<void> | void,
): Promise<void> {
  for (let i = 0; i < pages; i++) {
    await nextTick();
    if (ctx.signal.aborted) {
      throw ctx.signal.reason instanceof DomainError ? ctx.signal.reason : engineTimeout();
    }
    if (Date.now() > deadlineAt) {
      throw engineTimeout(
        `The conversion took longer than its time limit: ${i} of ${pages} pages were done. Split the PDF and convert the parts.`,
      );
    }
    await work(i);
  }
}

/** 'Annual Report.pdf' -> 'Annual Report'. */
export const baseName = (fileName: string): string => fileName.replace(/\.[^.]+$/, '') || 'document';
