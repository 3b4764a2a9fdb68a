/**
 * Renders every page with MuPDF and encodes it with sharp. Pages are rendered by the MuPDF worker
 * pool (its two threads busy at once; raw pixels are transferred, not copied) and encoded on libuv's
 * thread pool while the next pages render. At most MAX_IN_FLIGHT pages are in progress, which bounds
 * memory to a few raw pages. mupdf.js's own JPEG encoder measured ~130 ms a page here, sharp
 * (libjpeg-turbo) a fraction of that.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPageRgbInWorker } from '../../engines/mupdf-worker';
import type { ConverterContext, ConverterResultFile } from '../converter.types';
import { forEachPage } from '../from-pdf/page-loop';
import type { JpgOptions } from './jpg.options';

/** Two renders (one per MuPDF thread) plus one page being encoded. */
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
      results[index] = { path, fileName };
      // the job's signal stops a page mid-render; forEachPage checks the deadline between pages
      const page = renderPageRgbInWorker(pdf.path, index, options.dpi, { signal: ctx.signal })
        .then((rendered) =>
          sharp(rendered.pixels, { raw: { width: rendered.width, height: rendered.height, channels: 3 } })
            .jpeg({ quality: options.quality, chromaSubsampling: options.quality >= 90 ? '4:4:4' : '4:2:0' })
            .withMetadata({ density: Math.max(1, Math.round(rendered.dpi)) }) // a huge page renders below 1 dpi
            .toFile(path),
        )
        .then(() => undefined)
        .catch((error: unknown) => {
          failures.push(error);
        });
      const tracked: Promise<void> = page.finally(() => pending.delete(tracked));
      pending.add(tracked);
    });
  } finally {
    // never leave encoders writing into a work folder that is about to be deleted
    await Promise.allSettled([...pending]);
  }
  if (failures.length > 0) throw failures[0];
  return results;
}
