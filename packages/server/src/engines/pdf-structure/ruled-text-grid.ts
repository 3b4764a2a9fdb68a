/**
 * What the text inside a ruled grid says about the rules that are not drawn. Many producers rule only
 * the columns, only the rows, or only a frame, and leave the row labels outside it:
 * - a row label column left of the grid, level with its rows (or a last column right of it that the
 *   row rules reach), becomes a column of the grid;
 * - a cell that spans columns only for want of a vertical rule is split where its words line up
 *   with the columns (each spanned column holds words, none crosses a boundary);
 * - a band between two horizontal rules that holds several records (lines with a row label in the
 *   first column and words in another, one of them a number) is split into rows between their
 *   baselines; a line with words in one column only continues the record above it (a wrapped label).
 * The result is extra boundaries and the virtual rules along them, so merged cells are found as usual.
 */
import type { Box, TextLine, TextWord } from './structure.types';

export interface Segment {
  pos: number;
  from: number;
  to: number;
}

export interface Grid {
  xs: number[];
  ys: number[];
  hs: Segment[];
  vs: Segment[];
}

export type Placed = { line: TextLine; word: TextWord };

const EDGE = 1;
/** A number as tables print them: '3,375', '86.2', '(12)', '5.9%', '-0.4'. */
const NUMERIC = /^[-+(]?[$€£]?\d[\d,.]*%?\)?$/;

const centre = (b: Box): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

function indexIn(bounds: number[], v: number): number {
  for (let i = 0; i < bounds.length - 1; i++) if (v >= (bounds[i] ?? 0) && v < (bounds[i + 1] ?? 0)) return i;
  return -1;
}

/** Labels further than this from the grid's edge, or wider than this, are other text beside it. */
const MAX_LABEL_GAP = 40;
const MAX_LABEL_WIDTH = 250;

/**
 * Lines beside the grid (left, or right) and level with its rows: row labels, or a last column, drawn
 * without the rules around them. When two or more rows have one, the grid grows a column reaching them.
 */
function addOuterColumn(grid: Grid, lines: TextLine[], side: 'left' | 'right'): Grid {
  const edge = side === 'left' ? (grid.xs[0] ?? 0) : (grid.xs[grid.xs.length - 1] ?? 0);
  const top = grid.ys[0] ?? 0;
  const bottom = grid.ys[grid.ys.length - 1] ?? 0;
  const outside = piecesBeyond(lines, edge, side).filter((l) => {
    const cy = centre(l.box)[1];
    if (cy <= top || cy >= bottom || l.box[2] - l.box[0] > MAX_LABEL_WIDTH) return false;
    const gap = side === 'left' ? edge - l.box[2] : l.box[0] - edge;
    // further out only where the row rules are drawn on across it
    return gap >= -EDGE && (gap <= MAX_LABEL_GAP || rulesReach(grid, side === 'left' ? l.box[0] : l.box[2]));
  });
  // two or more lines: the rows between them may not be ruled yet (records found from the text later)
  if (outside.length < 2) return grid;
  const far =
    side === 'left'
      ? Math.min(...outside.map((l) => l.box[0])) - EDGE
      : Math.max(...outside.map((l) => l.box[2])) + EDGE;
  // row rules drawn on across the text say it belongs; on the left, row labels sharing the rows'
  // baselines do too (on the right that is as often the next table's label column)
  const belongs = rulesReach(grid, far) || (side === 'left' && levelWithRows(outside, lines, grid));
  if (!belongs) return grid;
  const from = Math.min(far, edge);
  const to = Math.max(far, edge);
  return {
    xs: side === 'left' ? [far, ...grid.xs] : [...grid.xs, far],
    ys: grid.ys,
    hs: [...grid.hs, ...grid.ys.map((pos) => ({ pos, from, to }))],
    vs: [...grid.vs, { pos: far, from: top, to: bottom }],
  };
}

/**
 * The part of each line beyond the grid's edge: a label the text engine read as one line with the
 * row's figures ('Denmark 17 49 34', the rules between the figures only) is beside the grid too.
 */
function piecesBeyond(lines: TextLine[], edge: number, side: 'left' | 'right'): TextLine[] {
  return lines.flatMap((line) => {
    if (!line.horizontal) return [];
    const words = line.words.filter((w) =>
      side === 'left' ? w.box[2] <= edge + EDGE : w.box[0] >= edge - EDGE,
    );
    if (words.length === line.words.length) return [line];
    if (words.length === 0) return [];
    const box: Box = [
      Math.min(...words.map((w) => w.box[0])),
      Math.min(...words.map((w) => w.box[1])),
      Math.max(...words.map((w) => w.box[2])),
      Math.max(...words.map((w) => w.box[3])),
    ];
    return [{ ...line, box, words, text: words.map((w) => w.text).join(' ') }];
  });
}

/** Most of the grid's row rules reach out to `x` (within a few points). */
function rulesReach(grid: Grid, x: number): boolean {
  const reaching = grid.ys.filter((y) =>
    grid.hs.some((h) => Math.abs(h.pos - y) <= 2 && h.from <= x + 8 && h.to >= x - 8),
  );
  return reaching.length * 2 > grid.ys.length;
}

/**
 * Row labels share their rows' baselines: each sits level with words inside the grid. A column of
 * prose beside a table keeps its own line pitch, so most of its lines match no row.
 */
function levelWithRows(outside: TextLine[], lines: TextLine[], grid: Grid): boolean {
  const x0 = grid.xs[0] ?? 0;
  const x1 = grid.xs[grid.xs.length - 1] ?? 0;
  const insideCentres = lines
    .flatMap((l) => l.words)
    .filter((w) => w.box[0] >= x0 && w.box[2] <= x1)
    .map((w) => centre(w.box)[1]);
  const level = outside.filter((l) => {
    const cy = centre(l.box)[1];
    const tolerance = Math.max(1.5, (l.box[3] - l.box[1]) * 0.2);
    return insideCentres.some((y) => Math.abs(y - cy) <= tolerance);
  });
  return level.length >= outside.length * 0.75;
}

/** The grid with row labels on its left and an unruled last column on its right taken in. */
export function addOuterColumns(grid: Grid, lines: TextLine[]): Grid {
  return addOuterColumn(addOuterColumn(grid, lines, 'left'), lines, 'right');
}

/** Virtual vertical rules inside cells that span columns although their words sit in each column. */
export function splitFalseColumnSpans(
  grid: Grid,
  cells: { row: number; col: number; rowSpan: number; colSpan: number }[],
  placed: Placed[],
): Segment[] {
  const added: Segment[] = [];
  for (const cell of cells) {
    if (cell.colSpan < 2) continue;
    const x0 = grid.xs[cell.col] ?? 0;
    const x1 = grid.xs[cell.col + cell.colSpan] ?? 0;
    const y0 = grid.ys[cell.row] ?? 0;
    const y1 = grid.ys[cell.row + cell.rowSpan] ?? 0;
    const words = placed.filter((p) => {
      const [cx, cy] = centre(p.word.box);
      return cx >= x0 && cx < x1 && cy >= y0 && cy < y1;
    });
    const inner = grid.xs.slice(cell.col + 1, cell.col + cell.colSpan);
    const crossed = inner.some((b) =>
      words.some((p) => p.word.box[0] < b - EDGE && p.word.box[2] > b + EDGE),
    );
    const columns = new Set(words.map((p) => indexIn(grid.xs, centre(p.word.box)[0])));
    if (crossed || columns.size < cell.colSpan) continue;
    for (const pos of inner) added.push({ pos, from: y0, to: y1 });
  }
  return added;
}

export interface Baseline {
  top: number;
  bottom: number;
  words: Placed[];
}

/** Words grouped into printed lines (one per baseline across the grid), top to bottom. */
export function baselines(words: Placed[]): Baseline[] {
  const sorted = [...words].sort((a, b) => centre(a.word.box)[1] - centre(b.word.box)[1]);
  const rows: Baseline[] = [];
  for (const p of sorted) {
    const cy = centre(p.word.box)[1];
    const row = rows.find((r) => cy >= r.top && cy <= r.bottom);
    if (row) {
      row.words.push(p);
      row.top = Math.min(row.top, p.word.box[1]);
      row.bottom = Math.max(row.bottom, p.word.box[3]);
    } else rows.push({ top: p.word.box[1], bottom: p.word.box[3], words: [p] });
  }
  return rows.sort((a, b) => a.top - b.top);
}

/** The printed lines of each band between two row boundaries of the grid, top to bottom. */
export function bandLines(grid: Grid, placed: Placed[]): Baseline[][] {
  const bands: Baseline[][] = [];
  for (let r = 0; r < grid.ys.length - 1; r++) {
    const y0 = grid.ys[r] ?? 0;
    const y1 = grid.ys[r + 1] ?? 0;
    bands.push(
      baselines(
        placed.filter((p) => {
          const cy = centre(p.word.box)[1];
          return cy >= y0 && cy < y1;
        }),
      ),
    );
  }
  return bands;
}

/** New row boundaries at `ys`, each with a rule across the whole grid. */
export function rowsAcross(grid: Grid, ys: number[]): { ys: number[]; hs: Segment[] } {
  const from = grid.xs[0] ?? 0;
  const to = grid.xs[grid.xs.length - 1] ?? 0;
  return { ys, hs: ys.map((pos) => ({ pos, from, to })) };
}

/** Row boundaries inside bands that hold several records; each comes with a rule across the grid. */
export function splitRecordBands(grid: Grid, placed: Placed[]): { ys: number[]; hs: Segment[] } {
  const ys: number[] = [];
  for (const rows of bandLines(grid, placed)) {
    const isRecord = (b: Baseline): boolean => {
      const columns = new Set(b.words.map((p) => indexIn(grid.xs, centre(p.word.box)[0])));
      return columns.size >= 2 && columns.has(0) && b.words.some((p) => NUMERIC.test(p.word.text));
    };
    if (rows.filter(isRecord).length < 2) continue;
    let seenRecord = false;
    rows.forEach((row, i) => {
      const above = rows[i - 1];
      if (isRecord(row)) {
        if (seenRecord && above) ys.push((above.bottom + row.top) / 2);
        seenRecord = true;
      }
    });
  }
  return rowsAcross(grid, ys);
}
