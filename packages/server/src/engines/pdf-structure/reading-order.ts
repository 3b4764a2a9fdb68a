/**
 * Reading order for multi-column pages: a vertical gutter that almost no line crosses splits the page
 * into a left and a right column; items spanning the gutter (titles, wide tables) cut the page into
 * bands, and inside a band the left column is read before the right one.
 */
import type { Box, PageImage, Table, TextLine } from './structure.types';

export type FlowItem =
  | { kind: 'paragraph'; lines: TextLine[]; box: Box }
  | { kind: 'table'; table: Table; box: Box }
  | { kind: 'image'; image: PageImage; box: Box };

interface Gutter {
  from: number;
  to: number;
}

const MIN_GUTTER = 6;

/** The widest low-traffic vertical strip in the page's middle with plenty of text on both sides. */
export function findGutter(lines: TextLine[], pageWidth: number): Gutter | null {
  if (lines.length < 8) return null;
  let best: { gutter: Gutter; score: number } | null = null;
  let runStart = -1;
  const allowed = Math.max(3, Math.floor(lines.length * 0.08));
  // only prose-length lines count as evidence of a text column; table cells are short
  const long = lines.filter((l) => l.box[2] - l.box[0] >= pageWidth * 0.2);
  const evaluate = (from: number, to: number): void => {
    if (to - from < MIN_GUTTER) return;
    const mid = (from + to) / 2;
    const left = long.filter((l) => l.box[2] <= mid).length;
    const right = long.filter((l) => l.box[0] >= mid).length;
    const score = Math.min(left, right);
    if (score >= Math.max(4, lines.length * 0.15) && (!best || score > best.score))
      best = { gutter: { from, to }, score };
  };
  for (let x = Math.round(pageWidth * 0.2); x <= Math.round(pageWidth * 0.8); x++) {
    const crossing = lines.reduce((n, l) => n + (l.box[0] < x && l.box[2] > x ? 1 : 0), 0);
    if (crossing <= allowed) {
      if (runStart < 0) runStart = x;
    } else if (runStart >= 0) {
      evaluate(runStart, x - 1);
      runStart = -1;
    }
  }
  if (runStart >= 0) evaluate(runStart, Math.round(pageWidth * 0.8));
  return best === null ? null : (best as { gutter: Gutter }).gutter;
}

function paragraphs(lines: TextLine[]): FlowItem[] {
  const items: FlowItem[] = [];
  let current: TextLine[] = [];
  const flush = (): void => {
    if (current.length === 0) return;
    const box = current
      .map((l) => l.box)
      .reduce((a, b) => [
        Math.min(a[0], b[0]),
        Math.min(a[1], b[1]),
        Math.max(a[2], b[2]),
        Math.max(a[3], b[3]),
      ]);
    items.push({ kind: 'paragraph', lines: current, box });
    current = [];
  };
  for (const line of lines) {
    const prev = current[current.length - 1];
    if (prev) {
      const height = Math.max(prev.box[3] - prev.box[1], 1);
      const gap = line.box[1] - prev.box[3];
      const sameRow = Math.abs(line.box[1] - prev.box[1]) < height * 0.5;
      const breaks =
        (line.block !== prev.block && !sameRow) ||
        gap > height * 0.8 ||
        gap < -height * 1.5 ||
        Math.abs(line.size - prev.size) > 1;
      if (breaks) flush();
    }
    current.push(line);
  }
  flush();
  return items;
}

const top = (item: { box: Box }): number => item.box[1];

/** Orders lines, tables and images as a reader would meet them and groups lines into paragraphs. */
export function readingOrder(
  lines: TextLine[],
  tables: Table[],
  images: PageImage[],
  pageWidth: number,
): FlowItem[] {
  const gutter = findGutter(lines, pageWidth);
  type Placed = { box: Box; side: 'left' | 'right' | 'full'; line?: TextLine; item?: FlowItem };
  const side = (box: Box): Placed['side'] => {
    if (!gutter) return 'full';
    const centre = (box[0] + box[2]) / 2;
    if (centre > gutter.from && centre < gutter.to) return 'full';
    if (box[2] <= gutter.to + 1) return 'left';
    if (box[0] >= gutter.from - 1) return 'right';
    return 'full';
  };
  const placed: Placed[] = [
    ...lines.map((line) => ({ box: line.box, side: side(line.box), line })),
    ...tables.map((table) => ({
      box: table.box,
      side: side(table.box),
      item: { kind: 'table', table, box: table.box } as FlowItem,
    })),
    ...images.map((image) => ({
      box: image.box,
      side: side(image.box),
      item: { kind: 'image', image, box: image.box } as FlowItem,
    })),
  ].sort((a, b) => top(a) - top(b) || a.box[0] - b.box[0]);

  const out: FlowItem[] = [];
  const emit = (group: Placed[]): void => {
    let pending: TextLine[] = [];
    for (const p of group) {
      if (p.line) pending.push(p.line);
      else if (p.item) {
        out.push(...paragraphs(pending));
        pending = [];
        out.push(p.item);
      }
    }
    out.push(...paragraphs(pending));
  };
  let band: Placed[] = [];
  const flushBand = (): void => {
    emit(band.filter((p) => p.side === 'left'));
    emit(band.filter((p) => p.side === 'right'));
    band = [];
  };
  for (const p of placed) {
    if (p.side === 'full') {
      flushBand();
      emit([p]);
    } else band.push(p);
  }
  flushBand();
  return mergeFullWidthRuns(out);
}

/** Consecutive single-line paragraphs from full-width lines of one block belong together again. */
function mergeFullWidthRuns(items: FlowItem[]): FlowItem[] {
  const out: FlowItem[] = [];
  for (const item of items) {
    const prev = out[out.length - 1];
    if (prev?.kind === 'paragraph' && item.kind === 'paragraph') {
      const a = prev.lines[prev.lines.length - 1];
      const b = item.lines[0];
      if (a && b) {
        const height = Math.max(a.box[3] - a.box[1], 1);
        const gap = b.box[1] - a.box[3];
        if (
          a.block === b.block &&
          gap >= -height * 0.5 &&
          gap <= height * 0.8 &&
          Math.abs(a.size - b.size) <= 1
        ) {
          prev.lines.push(...item.lines);
          prev.box = [
            Math.min(prev.box[0], item.box[0]),
            prev.box[1],
            Math.max(prev.box[2], item.box[2]),
            item.box[3],
          ];
          continue;
        }
      }
    }
    out.push(item);
  }
  return out;
}
