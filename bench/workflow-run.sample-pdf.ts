/**
 * The workflow bench's input: a ~20 MB PDF built the same way on every run (fixed seeds, fixed
 * dates), 42 A4 pages each with a 2000x1400 photo-like JPEG placed at about 290 DPI and a column of
 * text. The grainy images are what makes the file big and give compress real work (downsampling
 * to the preset's DPI); the text keeps pages recognisable after each step.
 */
import { writeFile } from 'node:fs/promises';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export const SAMPLE_PAGES = 42;
const IMAGE_WIDTH = 2000;
const IMAGE_HEIGHT = 1400;
/** Grain amplitude and JPEG quality tuned so 42 pages come to about 20 MB. */
const GRAIN = 15;
const JPEG_QUALITY = 80;
const FIXED_DATE = new Date('2024-01-01T00:00:00Z');
const WORDS = ['workflow', 'compress', 'rotate', 'protect', 'page', 'server', 'client', 'chain', 'upload'];

/** xorshift32: a tiny seeded generator, so every run draws the same pixels and words. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return state >>> 0;
  };
}

/** Gradients that differ per page, with grain (a photo's noise: what JPEG cannot shrink away). */
async function pageImage(page: number): Promise<Buffer> {
  const next = randomSource(page + 1);
  const pixels = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT * 3);
  for (let y = 0; y < IMAGE_HEIGHT; y += 1) {
    for (let x = 0; x < IMAGE_WIDTH; x += 1) {
      const grain = (next() >>> 24) & GRAIN;
      const at = (y * IMAGE_WIDTH + x) * 3;
      pixels[at] = ((x * 255) / IMAGE_WIDTH + grain + page * 7) & 255;
      pixels[at + 1] = ((y * 255) / IMAGE_HEIGHT + grain) & 255;
      pixels[at + 2] = (((x + y) * 128) / IMAGE_WIDTH + page * 31 + grain) & 255;
    }
  }
  return sharp(pixels, { raw: { width: IMAGE_WIDTH, height: IMAGE_HEIGHT, channels: 3 } })
    .jpeg({ quality: JPEG_QUALITY })
    .toBuffer();
}

function pageText(page: number): string[] {
  const next = randomSource(1000 + page);
  return Array.from({ length: 30 }, () =>
    Array.from({ length: 12 }, () => WORDS[next() % WORDS.length]).join(' '),
  );
}

/** Writes the sample to `path`; answers its page count and size in bytes. */
export async function writeSamplePdf(path: string): Promise<{ pages: number; bytes: number }> {
  const pdf = await PDFDocument.create();
  pdf.setCreationDate(FIXED_DATE);
  pdf.setModificationDate(FIXED_DATE);
  pdf.setTitle('Workflow bench sample');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let index = 0; index < SAMPLE_PAGES; index += 1) {
    const page = pdf.addPage([595, 842]);
    const image = await pdf.embedJpg(await pageImage(index));
    page.drawImage(image, { x: 48, y: 442, width: 500, height: 350 });
    page.drawText(`Page ${index + 1} of ${SAMPLE_PAGES}`, { x: 48, y: 810, size: 14, font });
    pageText(index).forEach((line, row) => {
      page.drawText(line, { x: 48, y: 410 - row * 12, size: 10, font });
    });
  }
  const bytes = await pdf.save();
  await writeFile(path, bytes);
  return { pages: SAMPLE_PAGES, bytes: bytes.byteLength };
}
