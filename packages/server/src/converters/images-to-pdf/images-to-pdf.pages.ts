/**
 * images/to/pdf: each image (each frame of a multi-page TIFF; of an animated GIF the first, or every
 * frame with Frames=all) becomes a page, in upload order. A 1-bit TIFF stays 1-bit (Flate).
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
import {
  concatTransformationMatrix,
  degrees,
  drawObject,
  PDFDocument,
  type PDFImage,
  type PDFPage,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';
import type { SharpOptions } from 'sharp';
import { type DomainError, damagedFile, fileTooLarge, invalidParameters } from '../../contract/errors';
import { convertToPdfa } from '../../engines/ghostscript';
import { loadSharp } from '../../engines/sharp-module';
import { timeLeftMs } from '../../engines/time-left';
import type { ConverterContext, ConverterInputFile, ConverterResultFile } from '../converter.types';
import { BmpError, type DecodedBmp, decodeBmp, isBmp } from './bmp-decode';
import { placeImage } from './image-layout';
import { type ImageOptions, MAX_INPUT_PIXELS } from './images-options';

interface PreparedImage {
  /** 'bilevel': 1-bit pixels packed MSB first, rows padded to a byte (white = 1), for Flate. */
  kind: 'jpg' | 'png' | 'bilevel';
  bytes: Buffer;
  /** Pixel size as stored. */
  width: number;
  height: number;
  dpi: number;
  /** EXIF orientation to apply while drawing (1, 3, 6, 8). */
  orientation: number;
}

/** This module loads on the first image conversion (images-to-pdf.converter.ts), and sharp with it. */
const sharp = loadSharp();

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

/**
 * A 1-bit image (a fax or scanner TIFF) stays 1 bit per pixel: sharp decodes it to grey, the pixels
 * are packed 8 to a byte and stored with Flate (pdf-lib would make 8-bit RGB of it, 24 times the
 * pixels before compression).
 */
async function prepareBilevel(bytes: Buffer, options: SharpOptions, dpi: number): Promise<PreparedImage> {
  const { data, info } = await sharp(bytes, options)
    .rotate()
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const rowBytes = Math.ceil(info.width / 8);
  const packed = Buffer.alloc(rowBytes * info.height);
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if ((data[(y * info.width + x) * info.channels] ?? 0) >= 128) {
        const at = y * rowBytes + (x >> 3);
        packed[at] = (packed[at] ?? 0) | (0x80 >> (x & 7));
      }
    }
  }
  return { kind: 'bilevel', bytes: packed, width: info.width, height: info.height, dpi, orientation: 1 };
}

/** The 1-bit image as a DeviceGray image XObject with Flate. */
function embedBilevel(pdf: PDFDocument, prepared: PreparedImage): PDFRef {
  const stream = pdf.context.flateStream(prepared.bytes, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: prepared.width,
    Height: prepared.height,
    ColorSpace: 'DeviceGray',
    BitsPerComponent: 1,
  });
  return pdf.context.register(stream);
}

/** Draws an image XObject pdf-lib did not embed itself (upright only: its pixels are already turned). */
function drawXObject(
  page: PDFPage,
  ref: PDFRef,
  box: { x: number; y: number; width: number; height: number },
) {
  const name = page.node.newXObject('Image', ref);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(box.width, 0, 0, box.height, box.x, box.y),
    drawObject(name),
    popGraphicsState(),
  );
}

async function prepareImages(file: ConverterInputFile, allFrames: boolean): Promise<PreparedImage[]> {
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
  const pages = meta.format === 'tiff' || (meta.format === 'gif' && allFrames) ? (meta.pages ?? 1) : 1;
  const out: PreparedImage[] = [];
  try {
    for (let page = 0; page < pages; page++) {
      if (meta.format === 'tiff' && meta.bitsPerSample === 1 && meta.channels === 1) {
        out.push(await prepareBilevel(bytes, { ...options, page }, dpi));
        continue;
      }
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

function draw(pdf: PDFDocument, image: PDFImage | PDFRef, prepared: PreparedImage, options: ImageOptions) {
  const turned = prepared.orientation === 6 || prepared.orientation === 8;
  const naturalW = (prepared.width * 72) / prepared.dpi;
  const naturalH = (prepared.height * 72) / prepared.dpi;
  // Layout works on the upright picture; the stored pixels are drawn rotated into that box.
  const place = placeImage(turned ? naturalH : naturalW, turned ? naturalW : naturalH, options);
  const page = pdf.addPage([place.pageWidth, place.pageHeight]);
  const { x, y, width: w, height: h } = place;
  if (image instanceof PDFRef) drawXObject(page, image, { x, y, width: w, height: h });
  else if (prepared.orientation === 6)
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

/** The PDF of the uploaded images (images-to-pdf.converter.ts loads this module on first use). */
export async function imagesToPdf(ctx: ConverterContext<ImageOptions>): Promise<ConverterResultFile[]> {
  if (ctx.files.length === 0) throw invalidParameters({ Files: ['Please upload at least one image.'] });
  const options = ctx.params;
  const pdf = await PDFDocument.create();
  for (const file of ctx.files) {
    if (ctx.signal.aborted)
      throw ctx.signal.reason instanceof Error ? ctx.signal.reason : new Error('aborted');
    for (const prepared of await prepareImages(file, options.allFrames)) {
      const image =
        prepared.kind === 'bilevel'
          ? embedBilevel(pdf, prepared)
          : prepared.kind === 'jpg'
            ? await pdf.embedJpg(prepared.bytes)
            : await pdf.embedPng(prepared.bytes);
      draw(pdf, image, prepared, options);
    }
  }
  const path = join(ctx.workDir, 'images.pdf');
  await writeFile(path, await pdf.save());
  if (options.pdfA) await toPdfA(path, ctx);
  const first = ctx.files[0]?.fileName.replace(/\.[^.]+$/, '') || 'images';
  return [{ path, fileName: ctx.files.length === 1 ? `${first}.pdf` : 'images.pdf' }];
}
