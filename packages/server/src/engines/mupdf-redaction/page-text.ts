/**
 * Page text with a position for every character, so detections over the text map back to boxes on
 * the page. Text-layer pages come from MuPDF's structured text (a quad per glyph); scanned pages from
 * Tesseract's words (a box per word: a detection inside a word covers the whole word).
 */
import type * as Mupdf from 'mupdf';
import type { OcrWord } from '../tesseract';

export type Rect = [number, number, number, number];

export interface PositionedText {
  text: string;
  /** Per character of `text`: its box in page space, or null for separators this module inserted. */
  boxes: (Rect | null)[];
  /** Per character: the line it belongs to (boxes on one line merge into one redaction rectangle). */
  lines: number[];
}

const quadBounds = (q: Mupdf.Quad): Rect => [
  Math.min(q[0], q[2], q[4], q[6]),
  Math.min(q[1], q[3], q[5], q[7]),
  Math.max(q[0], q[2], q[4], q[6]),
  Math.max(q[1], q[3], q[5], q[7]),
];

export function textFromStructuredText(stext: Mupdf.StructuredText): PositionedText {
  const out: PositionedText = { text: '', boxes: [], lines: [] };
  let line = 0;
  // Per UTF-16 unit, because regular expression indices count units (astral characters take two).
  const push = (chars: string, box: Rect | null): void => {
    out.text += chars;
    for (let i = 0; i < chars.length; i++) {
      out.boxes.push(box);
      out.lines.push(line);
    }
  };
  stext.walk({
    beginLine() {
      line += 1;
    },
    onChar(c, _origin, _font, _size, quad) {
      push(c, quadBounds(quad));
    },
    endLine() {
      push('\n', null);
    },
    endTextBlock() {
      push('\n', null);
    },
  });
  return out;
}

export function textFromOcrWords(words: readonly OcrWord[]): PositionedText {
  const out: PositionedText = { text: '', boxes: [], lines: [] };
  let previous: string | undefined;
  let line = 0;
  for (const word of words) {
    if (previous !== undefined) {
      const separator = word.line === previous ? ' ' : '\n';
      if (separator === '\n') line += 1;
      out.text += separator;
      out.boxes.push(null);
      out.lines.push(line);
    }
    out.text += word.text;
    for (let i = 0; i < word.text.length; i++) {
      out.boxes.push(word.box);
      out.lines.push(line);
    }
    previous = word.line;
  }
  return out;
}

/** One rectangle per line a span touches, covering its characters (separators excluded). */
export function spanRects(positioned: PositionedText, start: number, end: number): Rect[] {
  const byLine = new Map<number, Rect>();
  for (let i = start; i < end; i++) {
    const box = positioned.boxes[i];
    const char = positioned.text[i] ?? '';
    if (!box || /\s/.test(char)) continue;
    const key = positioned.lines[i] ?? 0;
    const seen = byLine.get(key);
    byLine.set(
      key,
      seen
        ? [
            Math.min(seen[0], box[0]),
            Math.min(seen[1], box[1]),
            Math.max(seen[2], box[2]),
            Math.max(seen[3], box[3]),
          ]
        : [...box],
    );
  }
  return [...byLine.values()];
}
