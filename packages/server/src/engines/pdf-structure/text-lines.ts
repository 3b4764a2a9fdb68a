/**
 * Turns MuPDF structured text into styled lines. Spans are runs of characters sharing font, size and
 * colour; words are split on spaces and on gaps wider than a third of the font size, because PDFs
 * often position words without any space character between them.
 */
import type * as Mupdf from 'mupdf';
import { PageImageStreams, pictureBytes } from './picture-bytes';
import { dominantTurn, type ReadingFrame, readingFrame, type Turn, turnForDirection } from './reading-frame';
import type { Box, PageImage, TextLine, TextSpan, TextWord } from './structure.types';

interface Glyph {
  c: string;
  box: Box;
  font: string;
  size: number;
  bold: boolean;
  italic: boolean;
  color: string;
}

/** 'ABCDEF+TimesNewRomanPS-BoldMT' -> 'Times New Roman'. */
export function fontFamily(rawName: string): string {
  const withoutSubset = rawName.replace(/^[A-Z]{6}\+/, '');
  const base = withoutSubset.split(/[-,]/)[0] ?? withoutSubset;
  const trimmed = base.replace(/(PSMT|PS|MT)$/, '').replace(/(Bold|Italic|Oblique|Regular)+$/i, '');
  const spaced = trimmed.replace(/([a-z])([A-Z])/g, '$1 $2').trim();
  if (/^helvetica$/i.test(spaced)) return 'Arial';
  if (/^times$/i.test(spaced) || /^Times-Roman$/i.test(base)) return 'Times New Roman';
  if (/^courier$/i.test(spaced)) return 'Courier New';
  return spaced || 'Arial';
}

const toHex = (color: readonly number[]): string => {
  const rgb =
    color.length === 1
      ? [color[0], color[0], color[0]]
      : color.length === 4
        ? cmykToRgb(color as [number, number, number, number])
        : color;
  return rgb
    .slice(0, 3)
    .map((v) =>
      Math.round(Math.max(0, Math.min(1, v ?? 0)) * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')
    .toUpperCase();
};

function cmykToRgb([c, m, y, k]: [number, number, number, number]): number[] {
  return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
}

const quadBox = (q: readonly number[]): Box => {
  const xs = [q[0] ?? 0, q[2] ?? 0, q[4] ?? 0, q[6] ?? 0];
  const ys = [q[1] ?? 0, q[3] ?? 0, q[5] ?? 0, q[7] ?? 0];
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
};

export const unionBox = (a: Box, b: Box): Box => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

function buildSpans(glyphs: Glyph[]): TextSpan[] {
  const spans: TextSpan[] = [];
  for (const g of glyphs) {
    const last = spans[spans.length - 1];
    if (
      last &&
      last.font === g.font &&
      Math.abs(last.size - g.size) < 0.6 &&
      last.bold === g.bold &&
      last.italic === g.italic &&
      last.color === g.color
    ) {
      last.text += g.c;
      last.box = unionBox(last.box, g.box);
    } else {
      spans.push({
        text: g.c,
        font: g.font,
        size: g.size,
        bold: g.bold,
        italic: g.italic,
        color: g.color,
        box: g.box,
      });
    }
  }
  return spans;
}

/** A gap wider than this share of the font size separates words (pdftotext uses a similar rule). */
const WORD_GAP = 0.2;

function buildWords(glyphs: Glyph[]): TextWord[] {
  const words: TextWord[] = [];
  let current: TextWord | undefined;
  for (const g of glyphs) {
    if (/\s/.test(g.c)) {
      current = undefined;
      continue;
    }
    const gap = current ? g.box[0] - current.box[2] : 0;
    if (current && gap < g.size * WORD_GAP && gap > -g.size) {
      current.text += g.c;
      current.box = unionBox(current.box, g.box);
    } else {
      current = { text: g.c, box: [...g.box] };
      words.push(current);
    }
  }
  return words;
}

/** Inserts the spaces the word split implies into span texts, so spans and words agree. */
function spacedSpans(glyphs: Glyph[]): Glyph[] {
  const out: Glyph[] = [];
  for (const g of glyphs) {
    const prev = out[out.length - 1];
    if (prev && !/\s/.test(prev.c) && !/\s/.test(g.c) && g.box[0] - prev.box[2] >= g.size * WORD_GAP) {
      out.push({ ...prev, c: ' ', box: [prev.box[2], prev.box[1], g.box[0], prev.box[3]] });
    }
    out.push(g);
  }
  return out;
}

function finishLine(glyphs: Glyph[], block: number, horizontal: boolean): TextLine | undefined {
  const words = buildWords(glyphs);
  if (words.length === 0) return undefined;
  const visible = spacedSpans(
    glyphs.filter((g, i, all) => !(/\s/.test(g.c) && /\s/.test(all[i - 1]?.c ?? ' '))),
  );
  const spans = buildSpans(visible).map((s) => ({ ...s, text: s.text.replace(/\s+/g, ' ') }));
  const trimmedFirst = spans[0];
  if (trimmedFirst) trimmedFirst.text = trimmedFirst.text.trimStart();
  const trimmedLast = spans[spans.length - 1];
  if (trimmedLast) trimmedLast.text = trimmedLast.text.trimEnd();
  const box = words.map((w) => w.box).reduce(unionBox);
  const sizes = new Map<number, number>();
  for (const g of glyphs)
    sizes.set(Math.round(g.size * 2) / 2, (sizes.get(Math.round(g.size * 2) / 2) ?? 0) + 1);
  const size = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 10;
  return {
    box,
    spans: spans.filter((s) => s.text.length > 0),
    words,
    text: words.map((w) => w.text).join(' '),
    block,
    size,
    horizontal,
  };
}

export interface RawPageContent {
  lines: TextLine[];
  images: PageImage[];
  /** Characters seen: a page with none is a candidate for OCR. */
  charCount: number;
  /** The frame every position is in: the displayed page, turned when most text runs sideways. */
  frame: ReadingFrame;
}

interface RawLine {
  glyphs: (Omit<Glyph, 'box'> & { quad: readonly number[] })[];
  block: number;
  turn: Turn | null;
  wmode: number;
}

/**
 * Reads text lines and image blocks from a page's structured text, in the page's reading frame
 * (`reading-frame.ts`): positions are turned when most of the text runs up, down or upside down.
 */
export function readPageContent(mupdf: typeof Mupdf, page: Mupdf.Page, withImages: boolean): RawPageContent {
  const stext = page.toStructuredText(
    withImages ? 'preserve-images,preserve-whitespace' : 'preserve-whitespace',
  );
  const rawLines: RawLine[] = [];
  const rawImages: PageImage[] = [];
  const charsPerTurn = new Map<Turn, number>();
  let block = -1;
  let current: RawLine | undefined;
  let charCount = 0;
  const fontCache = new Map<Mupdf.Font, { font: string; bold: boolean; italic: boolean }>();
  const imageStreams = new PageImageStreams(page);
  stext.walk({
    onImageBlock(bbox, _transform, image) {
      const picture = pictureBytes(mupdf, image, imageStreams);
      if (picture) rawImages.push({ box: [bbox[0], bbox[1], bbox[2], bbox[3]], ...picture });
    },
    beginTextBlock() {
      block += 1;
    },
    beginLine(_bbox, wmode, dir) {
      current = { glyphs: [], block, turn: wmode === 0 ? turnForDirection([dir[0], dir[1]]) : null, wmode };
      rawLines.push(current);
    },
    onChar(c, _origin, font, size, quad, color) {
      charCount += 1;
      let style = fontCache.get(font);
      if (!style) {
        const name = font.getName();
        style = {
          font: fontFamily(name),
          bold: font.isBold() || /bold|black|heavy|semibold|demi/i.test(name),
          italic: font.isItalic() || /italic|oblique/i.test(name),
        };
        fontCache.set(font, style);
      }
      current?.glyphs.push({ c, quad, size, color: toHex(color), ...style });
      if (current?.turn !== null && current?.turn !== undefined && !/\s/.test(c)) {
        charsPerTurn.set(current.turn, (charsPerTurn.get(current.turn) ?? 0) + 1);
      }
    },
  });
  stext.destroy();
  imageStreams.release();
  const [x0, y0, x1, y1] = page.getBounds();
  const frame = readingFrame(dominantTurn(charsPerTurn), x1 - x0, y1 - y0);
  const lines: TextLine[] = [];
  for (const raw of rawLines) {
    const glyphs = raw.glyphs.map(({ quad, ...g }) => ({ ...g, box: frame.box(quadBox(quad)) }));
    const line = finishLine(glyphs, raw.block, raw.turn === frame.turn);
    if (line) lines.push(line);
  }
  const images = rawImages.map((img) => ({ ...img, box: frame.box(img.box) }));
  return { lines, images, charCount, frame };
}
