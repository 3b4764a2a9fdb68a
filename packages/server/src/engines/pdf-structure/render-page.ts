/**
 * Renders a page to raw RGB pixels with MuPDF, scaled down when the requested resolution would exceed
 * the pixel cap (600 dpi on a poster-sized page would otherwise need gigabytes).
 */
import type * as Mupdf from 'mupdf';
import type { Turn } from './reading-frame';

/** About 48 MP: an A3 page at 600 dpi fits; 144 MB of RGB at most per page in memory. */
export const MAX_PAGE_PIXELS = 48_000_000;

export interface RenderedPage {
  /** Tightly packed RGB, width * height * 3 bytes, copied out of MuPDF's heap. */
  pixels: Buffer;
  width: number;
  height: number;
  /** The resolution actually used (lower than asked when capped). */
  dpi: number;
  /** Quarter turns (clockwise, as `reading-frame.ts` counts) to apply before reading it. */
  turn?: Turn;
}

/** The resolution a page renders at: `dpi`, or lower when the page would exceed `maxPixels`. */
export function cappedDpi(page: Mupdf.Page, dpi: number, maxPixels = MAX_PAGE_PIXELS): number {
  const [x0, y0, x1, y1] = page.getBounds();
  const area = (((x1 - x0) * dpi) / 72) * (((y1 - y0) * dpi) / 72);
  return area > maxPixels ? dpi * Math.sqrt(maxPixels / area) : dpi;
}

export function renderPageRgb(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  dpi: number,
  maxPixels = MAX_PAGE_PIXELS,
): RenderedPage {
  const used = cappedDpi(page, dpi, maxPixels);
  const scale = used / 72;
  const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
  try {
    const width = pixmap.getWidth();
    const height = pixmap.getHeight();
    const stride = pixmap.getStride();
    const samples = pixmap.getPixels();
    let pixels: Buffer;
    if (stride === width * 3)
      pixels = Buffer.from(samples.buffer.slice(samples.byteOffset, samples.byteOffset + width * height * 3));
    else {
      pixels = Buffer.alloc(width * height * 3);
      for (let row = 0; row < height; row++) {
        pixels.set(samples.subarray(row * stride, row * stride + width * 3), row * width * 3);
      }
    }
    return { pixels, width, height, dpi: used };
  } finally {
    pixmap.destroy();
  }
}
