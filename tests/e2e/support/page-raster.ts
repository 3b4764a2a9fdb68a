/**
 * Where two renderings of a page differ, measured with poppler's pdftoppm (grey, PGM): how the end-to-end
 * tests find where the server stamped something (the watermark) on a page, independently of any code
 * of ours.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface Raster {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Page 1 of `pdf` rendered at `dpi` into `outBase`.pgm, read back. */
export function renderFirstPage(pdf: string, outBase: string, dpi: number): Raster {
  execFileSync('pdftoppm', ['-gray', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdf, outBase]);
  const bytes = readFileSync(`${outBase}.pgm`);
  // Binary PGM: 'P5', width, height, maxval, each separated by white space, then one byte per pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header?.[0]) throw new Error('pdftoppm did not write a binary PGM');
  const width = Number(header[1]);
  const height = Number(header[2]);
  return { width, height, pixels: bytes.subarray(header[0].length, header[0].length + width * height) };
}

/** The box (in pixels) of every pixel that differs by more than `threshold` grey levels. */
export function differenceBox(a: Raster, b: Raster, threshold = 30): [number, number, number, number] | null {
  if (a.width !== b.width || a.height !== b.height) throw new Error('The renderings differ in size.');
  let [x0, y0, x1, y1] = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY, -1, -1];
  for (let y = 0; y < a.height; y++) {
    for (let x = 0; x < a.width; x++) {
      const i = y * a.width + x;
      if (Math.abs((a.pixels[i] ?? 0) - (b.pixels[i] ?? 0)) <= threshold) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return x1 < 0 ? null : [x0, y0, x1, y1];
}
