/**
 * Pictures of PDF pages in Word and PowerPoint keep their own encoding: the PDF's JPEG passes
 * through byte for byte (a photo or scan no longer grows as PNG), a JPEG Office cannot show as stored
 * (CMYK) is re-encoded as JPEG, other pictures are PNG; each still looks like the page.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { zipParts } from '../../engines/pdf-structure/office-readback';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { CORPUS_DIR } from '../../testing/corpus';
import type { Converter } from '../converter.types';
import { pdfToDocx } from '../pdf-to-docx';
import { pdfToPptx } from '../pdf-to-pptx';

const jobs: TestJob[] = [];
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pictures-kept-'));
});
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: both converters, whatever their parameter types
async function convert(converter: Converter<any>, file: string): Promise<string> {
  const j = await makeConverterContext(file);
  jobs.push(j);
  const [result] = await convertAsSent(converter, j.ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

const formats = [
  { name: 'DOCX', converter: pdfToDocx, media: 'word/media/' },
  { name: 'PPTX', converter: pdfToPptx, media: 'ppt/media/' },
] as const;

/** The one picture part of the Office file: its name and bytes. */
function onlyPicture(office: string, folder: string): { name: string; bytes: Buffer } {
  const parts = zipParts(office).filter((p) => p.startsWith(folder) && !p.endsWith('/'));
  expect(parts).toHaveLength(1);
  const name = parts[0] ?? '';
  return { name, bytes: execFileSync('unzip', ['-p', office, name], { maxBuffer: 256 << 20 }) };
}

/**
 * Mean difference (0-255) between the page as poppler renders it and the picture, both grey and
 * shrunk to 200 px wide (so resampling and colour management weigh little, a shifted or wrong
 * picture a lot: c02-22 against itself 4.5, moved by 10 px 17.7, upside down 27).
 */
async function differenceFromPage(pdf: string, dpi: number, picture: Buffer): Promise<number> {
  const base = join(dir, `page-${Date.now()}`);
  execFileSync('pdftoppm', ['-r', String(dpi), '-gray', '-png', '-singlefile', pdf, base]);
  const page = await sharp(`${base}.png`).greyscale().resize(200).raw().toBuffer({ resolveWithObject: true });
  const mine = await sharp(picture)
    .greyscale()
    .resize(page.info.width, page.info.height, { fit: 'fill' })
    .raw()
    .toBuffer();
  let sum = 0;
  for (let i = 0; i < mine.length; i++) sum += Math.abs((mine[i] ?? 0) - (page.data[i] ?? 0));
  return sum / mine.length;
}

describe('pictures in DOCX and PPTX keep their encoding', () => {
  // OCRmyPDF's c02-22.pdf: a scanned book page with an illustration, one 800x981 JPEG at 150 dpi
  const scan = join(CORPUS_DIR, 'pdf-scanned/c02-22.pdf');

  it.each(formats)(
    '$name: the scan JPEG passes through byte for byte; no larger than the PDF',
    async (format) => {
      const office = await convert(format.converter, scan);
      const picture = onlyPicture(office, format.media);
      expect(picture.name).toMatch(/\.jpe?g$/);
      execFileSync('pdfimages', ['-j', scan, join(dir, `${format.name}-stored`)]);
      const stored = (await readdir(dir)).find((f) => f.startsWith(`${format.name}-stored`)) ?? '';
      expect(stored).toMatch(/\.jpg$/);
      expect(picture.bytes.equals(readFileSync(join(dir, stored)))).toBe(true);
      const [inputSize, outputSize] = [statSync(scan).size, statSync(office).size];
      console.log(`${format.name} of c02-22.pdf: ${outputSize} bytes vs ${inputSize} bytes of PDF`);
      // the picture, the OCR text and the package's own parts (PowerPoint's theme and layouts ~40 KB)
      expect(outputSize).toBeLessThan(inputSize + 64 * 1024);
      expect(await differenceFromPage(scan, 150, picture.bytes)).toBeLessThan(6);
    },
  );

  it.each(formats)('$name: a CMYK JPEG becomes an RGB JPEG that looks like the page', async (format) => {
    const pdf = await PDFDocument.create();
    // Pillow's CMYK JPEG saved by Photoshop (Adobe-inverted CMYK): Office shows no such JPEG as stored
    const photo = await pdf.embedJpg(readFileSync(join(CORPUS_DIR, 'images/pil_sample_cmyk.jpg')));
    pdf.addPage([photo.width * 0.72, photo.height * 0.72]).drawImage(photo, {
      x: 0,
      y: 0,
      width: photo.width * 0.72,
      height: photo.height * 0.72,
    });
    const source = join(dir, `cmyk-${format.name}.pdf`);
    await writeFile(source, await pdf.save());
    const picture = onlyPicture(await convert(format.converter, source), format.media);
    expect(picture.name).toMatch(/\.jpe?g$/);
    const meta = await sharp(picture.bytes).metadata();
    expect([meta.format, meta.space, meta.width, meta.height]).toEqual([
      'jpeg',
      'srgb',
      photo.width,
      photo.height,
    ]);
    // poppler converts CMYK naively (its black is grey 13), MuPDF through ICC profiles (black ~0);
    // the same picture inverted or with channels swapped differs by 100 and more
    expect(await differenceFromPage(source, 100, picture.bytes)).toBeLessThan(12);
  });

  it.each(formats)(
    '$name: a camera JPEG with Exif Orientation 6 is shown as the PDF shows it',
    async (format) => {
      const pdf = await PDFDocument.create();
      // Pillow's test photo stored sideways with Orientation 6: a PDF ignores Exif, Office turns by it
      const photo = await pdf.embedJpg(readFileSync(join(CORPUS_DIR, 'images/hopper_orientation_6.jpg')));
      pdf
        .addPage([photo.width, photo.height])
        .drawImage(photo, { x: 0, y: 0, width: photo.width, height: photo.height });
      const source = join(dir, `exif-${format.name}.pdf`);
      await writeFile(source, await pdf.save());
      expect((await sharp(join(CORPUS_DIR, 'images/hopper_orientation_6.jpg')).metadata()).orientation).toBe(
        6,
      );
      const picture = onlyPicture(await convert(format.converter, source), format.media);
      expect(picture.name).toMatch(/\.jpe?g$/);
      const meta = await sharp(picture.bytes).metadata();
      expect([meta.orientation ?? 1, meta.width, meta.height]).toEqual([1, photo.width, photo.height]);
      // a 128 px photo: resampling weighs more (as the page shows it 10.9; turned by its Exif 67)
      expect(await differenceFromPage(source, 72, picture.bytes)).toBeLessThan(20);
    },
  );

  it.each(formats)('$name: a picture stored without JPEG (Flate) stays lossless PNG', async (format) => {
    const pdf = await PDFDocument.create();
    const png = await pdf.embedPng(readFileSync(join(CORPUS_DIR, 'images/pil123rgba.png')));
    pdf.addPage([png.width, png.height]).drawImage(png, { x: 0, y: 0, width: png.width, height: png.height });
    const source = join(dir, `png-${format.name}.pdf`);
    await writeFile(source, await pdf.save());
    const picture = onlyPicture(await convert(format.converter, source), format.media);
    expect(picture.name).toMatch(/\.png$/);
    const meta = await sharp(picture.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', png.width, png.height]);
  });
});
