/**
 * images/to/pdf: each image (each frame of a multi-page TIFF) becomes a page, in upload order.
 * JPEGs are embedded as they are (pdf-lib keeps the DCT bytes: no recompression); EXIF orientation is
 * honoured by rotating the drawing, not the pixels. CMYK JPEGs (whose inverted Adobe encoding viewers
 * disagree about) and every other format go through sharp to lossless PNG. SVG is rasterised by
 * sharp/librsvg, which has no network access (no external references are fetched) and needs no
 * browser: cheaper and smaller attack surface than Chromium. BMP, which libvips cannot read, is decoded
 * by bmp-decode.ts. Decompression bombs are refused from the header's dimensions (sharp's pixel limit,
 * the BMP header check) before any decoding. Pdfa=true re-writes the result as PDF/A-2b with the
 * shared Ghostscript step (engines/ghostscript.ts convertToPdfa).
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { degrees, PDFDocument, type PDFImage } from 'pdf-lib';
import sharp from 'sharp';
import { type DomainError, damagedFile, fileTooLarge, invalidParameters } from '../../contract/errors';
import { convertToPdfa } from '../../engines/ghostscript';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type {
  Converter,
  ConverterContext,
  ConverterInputFile,
  ConverterResultFile,
} from '../converter.types';
import { BmpError, type DecodedBmp, decodeBmp, isBmp } from './bmp-decode';
import { placeImage } from './image-layout';
import { type ImageOptions, readImageOptions } from './images-options';

/** 100 megapixels: far above any camera, far below what would exhaust memory. */
export const MAX_INPUT_PIXELS = 100_000_000;

interface PreparedImage {
  kind: 'jpg' | 'png';
  bytes: Buffer;
  /** Pixel size as stored. */
  width: number;
  height: number;
  dpi: number;
  /** EXIF orientation to apply while drawing (1, 3, 6, 8). */
  orientation: number;
}

const tooLarge = (name: string): DomainError =>
  fileTooLarge(`The image ${name} is too large (more than ${MAX_INPUT_PIXELS / 1e6} megapixels).`);

const damaged = (name: string): DomainError =>
  damagedFile(`The image ${name} is damaged or not a supported image.`);

/** BMP, which libvips cannot read: decoded here, then handed to sharp as raw RGBA pixels. */
async function prepareBmp(file: ConverterInputFile, bytes: Buffer): Promise<PreparedImage> {
  let bmp: DecodedBmp;
  try {
    bmp = decodeBmp(bytes, MAX_INPUT_PIXELS);
  } catch (error) {
    if (error instanceof BmpError && error.tooLarge) throw tooLarge(file.fileName);
    throw damaged(file.fileName);
  }
  const { width, height } = bmp;
  const png = await sharp(bmp.data, {
    raw: { width, height, channels: 4 },
    limitInputPixels: MAX_INPUT_PIXELS,
  })
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { kind: 'png', bytes: png, width, height, dpi: bmp.dpi > 1 ? bmp.dpi : 72, orientation: 1 };
}

async function prepareImages(file: ConverterInputFile): Promise<PreparedImage[]> {
  const bytes = await readFile(file.path);
  if (isBmp(bytes)) return [await prepareBmp(file, bytes)];
  const options = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' as const };
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes, options).metadata();
  } catch (error) {
    // sharp checks the header's dimensions against limitInputPixels before decoding anything.
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge(file.fileName);
    throw damaged(file.fileName);
  }
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) throw tooLarge(file.fileName);
  const dpi = meta.density && meta.density > 1 && meta.format !== 'svg' ? meta.density : 72;
  const orientation = meta.orientation ?? 1;
  if (meta.format === 'jpeg' && meta.space !== 'cmyk' && [1, 3, 6, 8].includes(orientation)) {
    return [{ kind: 'jpg', bytes, width: meta.width ?? 1, height: meta.height ?? 1, dpi, orientation }];
  }
  const pages = meta.format === 'tiff' ? (meta.pages ?? 1) : 1;
  const out: PreparedImage[] = [];
  try {
    for (let page = 0; page < pages; page++) {
      const { data, info } = await sharp(bytes, {
        ...options,
        page,
        density: meta.format === 'svg' ? 72 : undefined,
      })
        .rotate() // applies any EXIF orientation, mirrored ones included
        .toColourspace('srgb')
        .png({ compressionLevel: 6 })
        .toBuffer({ resolveWithObject: true });
      out.push({ kind: 'png', bytes: data, width: info.width, height: info.height, dpi, orientation: 1 });
    }
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooLarge(file.fileName);
    throw damaged(file.fileName);
  }
  return out;
}

function draw(pdf: PDFDocument, image: PDFImage, prepared: PreparedImage, options: ImageOptions) {
  const turned = prepared.orientation === 6 || prepared.orientation === 8;
  const naturalW = (prepared.width * 72) / prepared.dpi;
  const naturalH = (prepared.height * 72) / prepared.dpi;
  // Layout works on the upright picture; the stored pixels are drawn rotated into that box.
  const place = placeImage(turned ? naturalH : naturalW, turned ? naturalW : naturalH, options);
  const page = pdf.addPage([place.pageWidth, place.pageHeight]);
  const { x, y, width: w, height: h } = place;
  if (prepared.orientation === 6)
    page.drawImage(image, { x, y: y + h, width: h, height: w, rotate: degrees(-90) });
  else if (prepared.orientation === 8)
    page.drawImage(image, { x: x + w, y, width: h, height: w, rotate: degrees(90) });
  else if (prepared.orientation === 3)
    page.drawImage(image, { x: x + w, y: y + h, width: w, height: h, rotate: degrees(180) });
  else page.drawImage(image, { x, y, width: w, height: h });
}

/** PDF/A-2b through the shared Ghostscript step (sRGB OutputIntent, pdfaid XMP). */
async function toPdfA(path: string, ctx: ConverterContext): Promise<void> {
  const out = `${path}.pdfa.pdf`;
  await convertToPdfa(path, out, 2, {
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: Math.min(timeLeftMs(ctx.deadlineAt, 1000), 120_000),
  });
  await rename(out, path);
}

export const imagesToPdfConverter: Converter<ImageOptions> = {
  ...catalogueFacts('images/to/pdf'),
  engine: 'sharp',
  readParameters: readImageOptions,
  async convert(ctx: ConverterContext<ImageOptions>): Promise<ConverterResultFile[]> {
    if (ctx.files.length === 0) throw invalidParameters({ Files: ['Please upload at least one image.'] });
    const options = ctx.params;
    const pdf = await PDFDocument.create();
    for (const file of ctx.files) {
      if (ctx.signal.aborted)
        throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('aborted');
      for (const prepared of await prepareImages(file)) {
        const image =
          prepared.kind === 'jpg' ? await pdf.embedJpg(prepared.bytes) : await pdf.embedPng(prepared.bytes);
        draw(pdf, image, prepared, options);
      }
    }
    const path = join(ctx.workDir, 'images.pdf');
    await writeFile(path, await pdf.save());
    if (options.pdfA) await toPdfA(path, ctx);
    const first = ctx.files[0]?.fileName.replace(/\.[^.]+$/, '') || 'images';
    return [{ path, fileName: ctx.files.length === 1 ? `${first}.pdf` : 'images.pdf' }];
  },
};
