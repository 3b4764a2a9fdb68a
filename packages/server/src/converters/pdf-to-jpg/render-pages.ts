/**
 * Renders and encodes every page in the MuPDF worker pool (engines/mupdf-worker/render-jpg.ts): each
 * worker renders a page and encodes it with sharp (libjpeg-turbo, 4:2:0 below quality 100) straight
 * into the work folder, so no raw page crosses to the server thread. At most MAX_IN_FLIGHT pages are
 * in progress: every worker busy plus one waiting, which bounds memory to a few raw pages. Each page
 * is announced as soon as it is written (`onResultReady`), so a streaming client gets it at once.
 */
import { join } from 'node:path';
import { renderPageJpgInWorker } from '../../engines/mupdf-worker';
import type { ConverterContext, ConverterResultFile } from '../converter.types';
import { forEachPage } from '../from-pdf/page-loop';
import type { JpgOptions } from './jpg.options';

/** Two pages in the workers (one per MuPDF thread) plus one waiting for the next free worker. */
const MAX_IN_FLIGHT = 3;

/** report-1.jpg ... report-9.jpg, or report-01.jpg ... when there are more than 9 pages, so names sort. */
export function pageFileName(base: string, index: number, pages: number): string {
  const digits = String(pages).length;
  return `${base}-${String(index + 1).padStart(digits, '0')}.jpg`;
}

export async function renderPagesToJpg(
  ctx: ConverterContext,
  pdf: { path: string; pages: number },
  base: string,
  options: JpgOptions,
  deadlineAt: number,
): Promise<ConverterResultFile[]> {
  const results: ConverterResultFile[] = [];
  const pending = new Set<Promise<void>>();
  const failures: unknown[] = [];
  try {
    await forEachPage(ctx, pdf.pages, deadlineAt, async (index) => {
      while (pending.size >= MAX_IN_FLIGHT) await Promise.race(pending);
      if (failures.length > 0) throw failures[0];
      const fileName = pageFileName(base, index, pdf.pages);
      const path = join(ctx.workDir, fileName);
      const result = { path, fileName };
      results[index] = result;
      // the job's signal stops a page mid-render; forEachPage checks the deadline between pages
      const page = renderPageJpgInWorker(
        pdf.path,
        { index, dpi: options.dpi, quality: options.quality, output: path },
        { signal: ctx.signal },
      )
        .then(() => ctx.onResultReady?.(result, index))
        .catch((error: unknown) => {
          failures.push(error);
        });
      const tracked: Promise<void> = page.finally(() => pending.delete(tracked));
      pending.add(tracked);
    });
  } finally {
    // never leave workers writing into a work folder that is about to be deleted
    await Promise.allSettled([...pending]);
  }
  if (failures.length > 0) throw failures[0];
  return results;
}
