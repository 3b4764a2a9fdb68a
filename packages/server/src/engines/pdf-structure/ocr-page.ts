/**
 * Text for scanned pages: the page is rendered at 300 dpi and read by Tesseract (TSV output gives each
 * word's box, grouped by block, paragraph and line), then turned into the same TextLine shape as born-
 * digital text, in page points. OMP_THREAD_LIMIT=1 because Tesseract's OpenMP threads only contend
 * on a small shared machine.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type * as Mupdf from 'mupdf';
import { runEngine } from '../run-engine';
import { loadSharp } from '../sharp-module';
import { type RenderedPage, renderPageRgb } from './render-page';
import { detectScript, modelsForScript } from './script-languages';
import type { Box, TextLine, TextWord } from './structure.types';

export const OCR_DPI = 300;
export const OCR_MAX_PIXELS = 36_000_000;

export interface OcrOptions {
  workDir: string;
  signal?: AbortSignal;
  timeoutMs: number;
  /** Tesseract language codes joined by '+', default 'eng'. */
  language?: string;
  /** Without a language: find the script first and read with its models (`script-languages.ts`). */
  detectLanguage?: boolean;
}

export async function ocrPage(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  index: number,
  options: OcrOptions,
): Promise<TextLine[]> {
  return ocrRenderedPage(renderPageRgb(mupdf, page, OCR_DPI, OCR_MAX_PIXELS), index, options);
}

/** OCR of a page already rendered (in a MuPDF worker thread, say) at OCR_DPI. */
export async function ocrRenderedPage(
  rendered: RenderedPage,
  index: number,
  options: OcrOptions,
): Promise<TextLine[]> {
  const imagePath = join(options.workDir, `ocr-page-${index + 1}.png`);
  // a frame turned by 90 shows the page turned a quarter anticlockwise (sharp turns clockwise)
  const turn = rendered.turn ?? 0;
  // sharp (libvips, a native library) loads on the first OCR, not at the server's start
  const sharp = loadSharp();
  const png = await sharp(rendered.pixels, {
    raw: { width: rendered.width, height: rendered.height, channels: 3 },
  })
    .rotate(turn === 0 ? 0 : 360 - turn)
    .greyscale()
    .png({ compressionLevel: 1 })
    .toBuffer();
  await writeFile(imagePath, png);
  const { stdout } = await runEngine(
    'tesseract',
    [imagePath, 'stdout', '-l', await modelsFor(imagePath, options), 'tsv'],
    {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      env: { OMP_THREAD_LIMIT: '1' },
    },
  );
  return parseTesseractTsv(stdout.toString('utf8'), 72 / rendered.dpi);
}

async function modelsFor(imagePath: string, options: OcrOptions): Promise<string> {
  if (options.language) return options.language;
  if (!options.detectLanguage) return 'eng';
  return modelsForScript(await detectScript(imagePath, options));
}

/** Tesseract TSV (level 5 rows are words) -> lines in points. */
export function parseTesseractTsv(tsv: string, scale: number): TextLine[] {
  const lines = new Map<string, { words: TextWord[]; block: number }>();
  for (const row of tsv.split('\n').slice(1)) {
    const f = row.split('\t');
    if (f.length < 12 || f[0] !== '5') continue;
    const text = (f[11] ?? '').trim();
    const conf = Number(f[10]);
    if (!text || conf < 0) continue;
    const [left, topY, width, height] = [f[6], f[7], f[8], f[9]].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const key = `${f[2]}-${f[3]}-${f[4]}`;
    const entry = lines.get(key) ?? { words: [], block: Number(f[2]) * 1000 + Number(f[3]) };
    entry.words.push({
      text,
      box: [left * scale, topY * scale, (left + width) * scale, (topY + height) * scale],
    });
    lines.set(key, entry);
  }
  const out: TextLine[] = [];
  for (const { words, block } of lines.values()) {
    const box = words
      .map((w) => w.box)
      .reduce(
        (a, b): Box => [
          Math.min(a[0], b[0]),
          Math.min(a[1], b[1]),
          Math.max(a[2], b[2]),
          Math.max(a[3], b[3]),
        ],
      );
    // a line box spans ascenders to descenders, roughly 1.2 em
    const size = Math.max(6, Math.round(((box[3] - box[1]) / 1.2) * 2) / 2);
    const text = words.map((w) => w.text).join(' ');
    out.push({
      box,
      words,
      text,
      block,
      size,
      horizontal: true,
      spans: [{ text, font: 'Times New Roman', size, bold: false, italic: false, color: '000000', box }],
    });
  }
  return out;
}
