/** Shared helpers of the images/to/pdf tests: run the converter on corpus copies, read results back. */
import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll } from 'vitest';
import { convertAsSent } from '../../testing/convert-as-sent';
import { CORPUS_DIR } from '../../testing/corpus';
import type { ConverterContext } from '../converter.types';
import type { SentParameters } from '../tool-parameters';
import { imagesToPdfConverter } from './index';

export const IMAGES = `${CORPUS_DIR}/images`;
let workDir = '';
let counter = 0;

/** Call at the top of a test file: a private folder for the file's jobs, removed afterwards. */
export function useImagesWorkDir(): () => string {
  beforeAll(async () => {
    workDir = await mkdtemp(join(tmpdir(), 'images-to-pdf-'));
  });
  afterAll(async () => {
    await rm(workDir, { recursive: true, force: true });
  });
  return () => workDir;
}

/** Runs images/to/pdf on copies of `sources` in a fresh job folder; returns the result's path. */
export async function convert(sources: string[], params: Record<string, string> = {}): Promise<string> {
  const dir = join(workDir, `job-${++counter}`);
  await mkdir(dir);
  const files = [];
  for (const source of sources) {
    const path = join(dir, basename(source));
    await copyFile(source, path);
    files.push({
      path,
      fileName: basename(source),
      ext: extname(source).slice(1).toLowerCase(),
      size: (await stat(path)).size,
    });
  }
  const ctx: ConverterContext<SentParameters> = {
    files,
    params,
    workDir: dir,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 60_000,
  };
  const [result] = await convertAsSent(imagesToPdfConverter, ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

/** Page boxes from `pdfinfo -box`: [width, height] of each page's MediaBox. */
export function pageSizes(pdf: string): [number, number][] {
  const out = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', '99', pdf]).toString();
  return [...out.matchAll(/Page\s+\d+ MediaBox:\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)/g)].map((m) => [
    Number(m[3]) - Number(m[1]),
    Number(m[4]) - Number(m[2]),
  ]);
}

/** The bounding box of the non-white pixels of a PNG (transparency laid over white). */
export async function visibleBox(
  png: Buffer,
): Promise<{ left: number; top: number; width: number; height: number }> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let [left, top, right, bottom] = [info.width, info.height, -1, -1];
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if ((data[i] ?? 255) < 245 || (data[i + 1] ?? 255) < 245 || (data[i + 2] ?? 255) < 245) {
        left = Math.min(left, x);
        right = Math.max(right, x);
        top = Math.min(top, y);
        bottom = Math.max(bottom, y);
      }
    }
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The image embedded on `page`, extracted losslessly by pdfimages as PNG. */
export async function embeddedImage(pdf: string, name: string, page = 1): Promise<Buffer> {
  const prefix = join(workDir, `${name}-${++counter}`);
  execFileSync('pdfimages', ['-png', '-f', String(page), '-l', String(page), pdf, prefix]);
  return readFile(`${prefix}-000.png`);
}

/** A BMP built by the format's own rules (BITMAPINFOHEADER, optional bitfield masks and palette). */
export function bmpFile(
  width: number,
  height: number,
  bpp: number,
  compression: number,
  palette: number[],
  pixels: number[],
  masks: number[] = [],
): Buffer {
  const offset = 54 + masks.length * 4 + palette.length;
  const file = Buffer.alloc(offset + pixels.length);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(offset, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(bpp, 28);
  file.writeUInt32LE(compression, 30);
  file.writeUInt32LE(pixels.length, 34);
  masks.forEach((mask, i) => {
    file.writeUInt32LE(mask, 54 + i * 4);
  });
  Buffer.from(palette).copy(file, 54 + masks.length * 4);
  Buffer.from(pixels).copy(file, offset);
  return file;
}

export async function saveBmp(name: string, bytes: Buffer): Promise<string> {
  const path = join(workDir, name);
  await writeFile(path, bytes);
  return path;
}
