/**
 * Ruled tables (camelot's "lattice" idea without rendering): ruling lines that touch each other form
 * a grid; its distinct x and y positions are the column and row boundaries, and a missing separator
 * inside the grid means a merged cell. Words go to the cell under their centre.
 */
import { splitGapBands } from './band-gaps';
import { columnOnlyGrids } from './column-rules';
import {
  addOuterColumns,
  type Grid,
  type Segment,
  splitFalseColumnSpans,
  splitRecordBands,
} from './ruled-text-grid';
import type { Box, Ruling, Table, TableCell, TextLine, TextWord } from './structure.types';

const SNAP = 2;
const TOUCH = 3;

/** Joins collinear pieces (many producers draw a border as one rectangle per cell edge). */
function mergeSegments(segments: Segment[]): Segment[] {
  const sorted = [...segments].sort((a, b) => a.pos - b.pos || a.from - b.from);
  const merged: Segment[] = [];
  for (const s of sorted) {
    const match = merged.find(
      (m) => Math.abs(m.pos - s.pos) <= SNAP && s.from <= m.to + SNAP && s.to >= m.from - SNAP,
    );
    if (match) {
      match.from = Math.min(match.from, s.from);
      match.to = Math.max(match.to, s.to);
    } else merged.push({ ...s });
  }
  return merged;
}

function clusterPositions(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => a - b);
  const out: number[] = [];
  for (const v of sorted) {
    const last = out[out.length - 1];
    if (last === undefined || v - last > SNAP) out.push(v);
  }
  return out;
}

function find(parent: number[], i: number): number {
  let root = i;
  while (parent[root] !== root) root = parent[root] ?? root;
  parent[i] = root;
  return root;
}

/** Groups touching horizontal and vertical segments; each group with a real grid is one table. */
function gridComponents(hs: Segment[], vs: Segment[]): { hs: Segment[]; vs: Segment[] }[] {
  const parent = Array.from({ length: hs.length + vs.length }, (_, i) => i);
  hs.forEach((h, i) => {
    vs.forEach((v, j) => {
      const touches =
        v.pos >= h.from - TOUCH && v.pos <= h.to + TOUCH && h.pos >= v.from - TOUCH && h.pos <= v.to + TOUCH;
      if (touches) parent[find(parent, i)] = find(parent, hs.length + j);
    });
  });
  const groups = new Map<number, { hs: Segment[]; vs: Segment[] }>();
  hs.forEach((h, i) => {
    const root = find(parent, i);
    const g = groups.get(root) ?? { hs: [], vs: [] };
    g.hs.push(h);
    groups.set(root, g);
  });
  vs.forEach((v, j) => {
    const root = find(parent, hs.length + j);
    const g = groups.get(root) ?? { hs: [], vs: [] };
    g.vs.push(v);
    groups.set(root, g);
  });
  return [...groups.values()];
}

const covers = (segments: Segment[], pos: number, at: number): boolean =>
  segments.some((s) => Math.abs(s.pos - pos) <= SNAP && at >= s.from - SNAP && at <= s.to + SNAP);

function buildCells(xs: number[], ys: number[], hs: Segment[], vs: Segment[]): TableCell[] {
  const rows = ys.length - 1;
  const cols = xs.length - 1;
  const taken = Array.from({ length: rows }, () => Array.from({ length: cols }, () => false));
  const cells: TableCell[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      if (taken[r]?.[c]) continue;
      const midY = ((ys[r] ?? 0) + (ys[r + 1] ?? 0)) / 2;
      let colSpan = 1;
      while (c + colSpan < cols && !covers(vs, xs[c + colSpan] ?? 0, midY) && !taken[r]?.[c + colSpan])
        colSpan++;
      const midX = ((xs[c] ?? 0) + (xs[c + 1] ?? 0)) / 2;
      let rowSpan = 1;
      while (r + rowSpan < rows && !covers(hs, ys[r + rowSpan] ?? 0, midX)) rowSpan++;
      for (let dr = 0; dr < rowSpan; dr++)
        for (let dc = 0; dc < colSpan; dc++) {
          const row = taken[r + dr];
          if (row) row[c + dc] = true;
        }
      cells.push({ row: r, col: c, rowSpan, colSpan, text: '' });
    }
  }
  return cells;
}

const indexIn = (bounds: number[], v: number): number => {
  for (let i = 0; i < bounds.length - 1; i++) if (v >= (bounds[i] ?? 0) && v < (bounds[i + 1] ?? 0)) return i;
  return -1;
};

/** Writes each word into the cell under its centre; lines keep their top-to-bottom order. */
export function fillCells(table: Table, placed: { line: TextLine; word: TextWord }[]): void {
  const byCell = new Map<TableCell, { line: TextLine; word: TextWord }[]>();
  const anchorAt = (r: number, c: number): TableCell | undefined =>
    table.cells.find(
      (cell) => r >= cell.row && r < cell.row + cell.rowSpan && c >= cell.col && c < cell.col + cell.colSpan,
    );
  for (const item of placed) {
    const cx = (item.word.box[0] + item.word.box[2]) / 2;
    const cy = (item.word.box[1] + item.word.box[3]) / 2;
    const cell = anchorAt(indexIn(table.ys, cy), indexIn(table.xs, cx));
    if (!cell) continue;
    const list = byCell.get(cell) ?? [];
    list.push(item);
    byCell.set(cell, list);
  }
  for (const [cell, items] of byCell) {
    const lines = new Map<TextLine, TextWord[]>();
    for (const { line, word } of items) lines.set(line, [...(lines.get(line) ?? []), word]);
    cell.text = [...lines.entries()]
      .sort((a, b) => a[0].box[1] - b[0].box[1] || a[0].box[0] - b[0].box[0])
      .map(([, words]) =>
        words
          .sort((a, b) => a.box[0] - b.box[0])
          .map((w) => w.text)
          .join(' '),
      )
      .join('\n');
  }
}

/** Finds ruled tables; returns them (cells filled) and the lines they consumed. */
export function findRuledTables(
  rulings: Ruling[],
  lines: TextLine[],
): { tables: Table[]; used: Set<TextLine> } {
  const hs = mergeSegments(
    rulings.filter((r) => r.y0 === r.y1).map((r) => ({ pos: r.y0, from: r.x0, to: r.x1 })),
  );
  const vs = mergeSegments(
    rulings.filter((r) => r.x0 === r.x1).map((r) => ({ pos: r.x0, from: r.y0, to: r.y1 })),
  );
  const tables: Table[] = [];
  const used = new Set<TextLine>();
  const components = gridComponents(hs, vs);
  // column rules that no row rule touches: a frame is drawn across their ends, rows come from the text
  const lone = components.filter((g) => g.hs.length === 0).flatMap((g) => g.vs);
  const grids = [
    ...components.filter((g) => g.hs.length > 0),
    ...columnOnlyGrids(lone, lines).map((g) => ({ hs: g.hs, vs: g.vs })),
  ];
  for (const group of grids) {
    const xs = clusterPositions(group.vs.map((v) => v.pos));
    const ys = clusterPositions(group.hs.map((h) => h.pos));
    // columns ruled between a top and a bottom rule are enough: rows may come from the text
    if (xs.length < 3 || ys.length < 2) continue;
    const free = lines.filter((l) => l.horizontal && !used.has(l));
    const table = textGridTable({ xs, ys, hs: group.hs, vs: group.vs }, free);
    if (!table) continue;
    for (const line of table.lines) used.add(line);
    tables.push(table.table);
  }
  return { tables, used };
}

function linesInside(box: Box, lines: TextLine[]): TextLine[] {
  return lines.filter((line) => {
    const inside = line.words.filter((w) => isInside(box, w.box));
    return inside.length > 0 && inside.length * 2 >= line.words.length;
  });
}

const gridBox = (g: Grid): Box => [
  g.xs[0] ?? 0,
  g.ys[0] ?? 0,
  g.xs[g.xs.length - 1] ?? 0,
  g.ys[g.ys.length - 1] ?? 0,
];

/** The table of one ruled grid, completed from its text (`ruled-text-grid.ts`); null without text. */
function textGridTable(ruled: Grid, lines: TextLine[]): { table: Table; lines: TextLine[] } | null {
  const grid = addOuterColumns(ruled, lines);
  const inside = linesInside(gridBox(grid), lines);
  const placed = inside.flatMap((line) => line.words.map((word) => ({ line, word })));
  if (placed.length === 0) return null;
  const vs = [
    ...grid.vs,
    ...splitFalseColumnSpans(grid, buildCells(grid.xs, grid.ys, grid.hs, grid.vs), placed),
  ];
  const records = splitRecordBands({ ...grid, vs }, placed);
  const gaps = splitGapBands({ ...grid, vs }, placed);
  const ys = clusterPositions([...grid.ys, ...records.ys, ...gaps.ys]);
  if (ys.length < 3) return null;
  const hs = [...grid.hs, ...records.hs, ...gaps.hs];
  const box = gridBox({ ...grid, ys });
  const table: Table = { box, xs: grid.xs, ys, cells: buildCells(grid.xs, ys, hs, vs), kind: 'ruled' };
  fillCells(table, placed);
  return { table, lines: inside };
}

export const isInside = (outer: Box, inner: Box): boolean => {
  const cx = (inner[0] + inner[2]) / 2;
  const cy = (inner[1] + inner[3]) / 2;
  return cx >= outer[0] && cx <= outer[2] && cy >= outer[1] && cy <= outer[3];
};
