/**
 * pdf/to/jpg's page task: renders one page with MuPDF and encodes it with sharp (libjpeg-turbo) in the
 * same worker thread, writing the JPG itself, so only a size crosses back to the server thread (no
 * raw page of several MB moved per page, no encode queued behind the server's own work).
 *
 * What it costs, measured per page of a 117-page PDF at 150 dpi (one thread): MuPDF's own JPEG encoder
 * ~540 ms, sharp 8-13 ms. Each choice below is a measured share of that:
 * - chroma 4:2:0 below quality 100 (pdftoppm's and most encoders' default): half the colour samples
 *   to encode, text edges stay sharp in the luma plane; quality 100 keeps all of them (4:4:4);
 * - no Huffman optimisation pass (as pdftoppm): 5 ms a page for files ~13% smaller;
 * - the resolution written with withDensity, not withMetadata (which converted every page to sRGB
 *   through a colour profile, 17-24 ms a page, for pixels that are already RGB);
 * - pixels copied out of MuPDF's heap into one buffer the worker reuses (1 ms, against 5 ms for a
 *   fresh 6 MB buffer a page).
 */
import { loadMupdf } from '../mupdf';
import { cappedDpi } from '../pdf-structure/render-page';
import { loadSharp } from '../sharp-module';
import { documentAt } from './mupdf-tasks';
import type { TaskHandler } from './worker-protocol';

/** The chroma subsampling for a JPEG quality: every colour sample only when the best is asked for. */
export const chromaFor = (quality: number): '4:4:4' | '4:2:0' => (quality >= 100 ? '4:4:4' : '4:2:0');

/** This worker's page buffer: one task runs at a time in a worker, so one buffer serves them all. */
let scratch = Buffer.alloc(0);

/** The pixmap's RGB rows, tightly packed, in the worker's page buffer (valid until the next page). */
function packedRgb(pixmap: {
  getWidth(): number;
  getHeight(): number;
  getStride(): number;
  getPixels(): Uint8ClampedArray;
}): Buffer {
  const width = pixmap.getWidth();
  const height = pixmap.getHeight();
  const stride = pixmap.getStride();
  const samples = pixmap.getPixels();
  const bytes = width * height * 3;
  if (scratch.length < bytes) scratch = Buffer.allocUnsafe(bytes);
  if (stride === width * 3) scratch.set(samples.subarray(0, bytes));
  else
    for (let row = 0; row < height; row++)
      scratch.set(samples.subarray(row * stride, row * stride + width * 3), row * width * 3);
  return scratch.subarray(0, bytes);
}

export const renderJpg: TaskHandler<'render-jpg'> = async (task) => {
  const mupdf = await loadMupdf();
  const doc = await documentAt(task.path);
  const page = doc.loadPage(task.index);
  let pixels: Buffer;
  let width: number;
  let height: number;
  const dpi = cappedDpi(page, task.dpi, task.maxPixels);
  try {
    const scale = dpi / 72;
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
    try {
      width = pixmap.getWidth();
      height = pixmap.getHeight();
      pixels = packedRgb(pixmap);
    } finally {
      pixmap.destroy();
    }
  } finally {
    page.destroy();
  }
  // sharp (libvips) loads on a worker's first JPEG page: it added ~10-14 MB to every worker, and most
  // workers only count, scrub or read text
  const sharp = loadSharp();
  await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: task.quality, chromaSubsampling: chromaFor(task.quality), optimiseCoding: false })
    .withDensity(Math.max(1, Math.round(dpi))) // a huge page renders below 1 dpi
    .toFile(task.output);
  return { result: { width, height, dpi }, transfer: [] };
};
