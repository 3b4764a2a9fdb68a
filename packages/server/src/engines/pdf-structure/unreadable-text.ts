/**
 * Text whose font has no usable Unicode map (no ToUnicode, an Identity-H subset, a custom encoding):
 * MuPDF reports its characters as U+FFFD or private-use code points although the page renders fine.
 * Such lines are read again by OCR of their rendered area: the worker renders the page once with
 * everything but those lines painted white (`maskUnreadable`), Tesseract reads that picture on the
 * server thread, and `replaceUnreadable` puts its words into the lines they fall in.
 */
import type * as Mupdf from 'mupdf';
import type { ReadingFrame } from './reading-frame';
import { type RenderedPage, renderPageRgb } from './render-page';
import type { Box, TextLine, TextWord } from './structure.types';

/** Characters a font without a usable map turns into: the replacement character and private use. */
const UNMAPPED = /[\uFFFD\uE000-\uF8FF]/gu;

/** A line is re-read when at least this share of its visible characters is unmapped. */
const UNREADABLE_SHARE = 0.5;
/** Points of margin around a line's box, so OCR sees whole glyphs. */
const PAD = 2;

const unmappedCount = (text: string): number => text.match(UNMAPPED)?.length ?? 0;

/**
 * Fewer unmapped characters than this are symbols (a Wingdings bullet, a check mark): OCR would read
 * nothing useful in them, and a render for each such page would cost seconds.
 */
const MIN_UNMAPPED = 3;

export function isUnreadable(text: string): boolean {
  const visible = text.replace(/\s+/g, '');
  const unmapped = unmappedCount(visible);
  return unmapped >= MIN_UNMAPPED && unmapped / visible.length >= UNREADABLE_SHARE;
}

/**
 * A page is worth a render and OCR when text in an unmapped font is a real part of it: a tenth of its
 * characters, or one line with a dozen of them (a heading, a paragraph). Scattered symbols (a math
 * font's operators: under 7 a line and 6% of the page in a 117-page textbook) are left as they are.
 */
const PAGE_SHARE = 0.1;
const LINE_COUNT = 12;

/** Whether a page of these line texts passes the gate above. */
export function needsUnmappedOcr(lineTexts: string[]): boolean {
  const visible = lineTexts.map((t) => t.replace(/\s+/g, '')).join('');
  const share = unmappedCount(visible) / Math.max(1, visible.length);
  return share >= PAGE_SHARE || lineTexts.some((t) => isUnreadable(t) && unmappedCount(t) >= LINE_COUNT);
}

/** The page's lines that need OCR, by index (none when the page does not pass the gate above). */
export function unreadableLines(lines: TextLine[]): number[] {
  if (!needsUnmappedOcr(lines.map((l) => l.text))) return [];
  return lines.flatMap((line, i) => (isUnreadable(line.text) ? [i] : []));
}

/**
 * The page rendered at `dpi` with only the given lines' areas kept (the rest white), turned into the
 * reading frame so the OCR's positions are the lines' own.
 */
export function maskUnreadable(
  mupdf: typeof Mupdf,
  page: Mupdf.Page,
  boxes: Box[],
  frame: ReadingFrame,
  dpi: number,
  maxPixels: number,
): RenderedPage {
  const rendered = renderPageRgb(mupdf, page, dpi, maxPixels);
  const scale = rendered.dpi / 72;
  const masked = Buffer.alloc(rendered.pixels.length, 0xff);
  for (const box of boxes) {
    const [x0, y0, x1, y1] = frame.unturnBox(box);
    const left = Math.max(0, Math.floor((x0 - PAD) * scale));
    const right = Math.min(rendered.width, Math.ceil((x1 + PAD) * scale));
    const top = Math.max(0, Math.floor((y0 - PAD) * scale));
    const bottom = Math.min(rendered.height, Math.ceil((y1 + PAD) * scale));
    for (let row = top; row < bottom; row++) {
      const from = (row * rendered.width + left) * 3;
      const to = (row * rendered.width + right) * 3;
      rendered.pixels.copy(masked, from, from, to);
    }
  }
  return { ...rendered, pixels: masked, turn: frame.turn };
}

const centre = (b: Box): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];
const inside = (outer: Box, [x, y]: [number, number]): boolean =>
  x >= outer[0] - PAD && x <= outer[2] + PAD && y >= outer[1] - PAD && y <= outer[3] + PAD;

/**
 * The lines with each unreadable one's text replaced by the OCR words inside its box (in reading
 * order); a line OCR found nothing in keeps its readable characters only.
 */
export function replaceUnreadable(lines: TextLine[], indices: number[], ocrLines: TextLine[]): TextLine[] {
  const ocrWords = ocrLines.flatMap((l) => l.words);
  const out = [...lines];
  for (const i of indices) {
    const line = lines[i];
    if (!line) continue;
    const words: TextWord[] = ocrWords
      .filter((w) => inside(line.box, centre(w.box)))
      .sort((a, b) => a.box[0] - b.box[0]);
    const text = words.length
      ? words.map((w) => w.text).join(' ')
      : line.text.replace(UNMAPPED, '').replace(/\s+/g, ' ').trim();
    const style = line.spans[0];
    out[i] = {
      ...line,
      words: words.length ? words : line.words.filter((w) => !isUnreadable(w.text)),
      text,
      spans: style ? [{ ...style, text, box: line.box }] : [],
    };
  }
  return out.filter((l) => l.text.length > 0);
}
