/**
 * Renders every page with MuPDF and encodes it with sharp. MuPDF (WebAssembly) renders in a worker
 * thread of the MuPDF pool one page at a time (the raw pixels are transferred, not copied); sharp
 * encodes on libuv's thread pool, so page n+1 renders while page n is being encoded (at most
 * MAX_PENDING encodes in flight, which bounds memory to a few raw pages).
 * mupdf.js's own JPEG encoder measured ~130 ms a page here, sharp (libjpeg-turbo) a fraction of that.
 */
import { join } from 'node:path';
import sharp from 'sharp';
import { renderPageRgbInWorker } from '../../engines/mupdf-worker';
import { forEachPage } from '../../engines/pdf-structure';
import type { ConverterContext, ConverterResultFile } from '../converter.types';
import type { JpgOptions } from './jpg.options';

const MAX_PENDING = 2;

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
  deadline: number,
): Promise<ConverterResultFile[]> {
  const results: ConverterResultFile[] = [];
  const pending = new Set<Promise<void>>();
  const failures: unknown[] = [];
  try {
    await forEachPage(ctx, pdf.pages, deadline, async (index) => {
      while (pending.size >= MAX_PENDING) await Promise.race(pending);
      if (failures.length > 0) throw failures[0];
      // the job's signal stops a page mid-render; forEachPage checks the deadline between pages
      const rendered = await renderPageRgbInWorker(pdf.path, index, options.dpi, { signal: ctx.signal });
      const fileName = pageFileName(base, index, pdf.pages);
      const path = join(ctx.workDir, fileName);
      results.push({ path, fileName });
      const encode = sharp(rendered.pixels, {
        raw: { width: rendered.width, height: rendered.height, channels: 3 },
      })
        .jpeg({ quality: options.quality, chromaSubsampling: options.quality >= 90 ? '4:4:4' : '4:2:0' })
        .withMetadata({ density: Math.round(rendered.dpi) })
        .toFile(path)
        .then(() => undefined)
        .catch((error: unknown) => {
          failures.push(error);
        });
      const tracked: Promise<void> = encode.finally(() => pending.delete(tracked));
      pending.add(tracked);
    });
  } finally {
    // never leave encoders writing into a work folder that is about to be deleted
    await Promise.allSettled([...pending]);
  }
  if (failures.length > 0) throw failures[0];
  return results;
}
