/**
 * Borderless tables (camelot's "stream" idea): text lines at the same height form a row; a row whose
 * words fall into three or more groups separated by wide gaps is tabular. Several such rows close
 * together define the columns (the union of their groups' x ranges); header lines directly above and
 * rows in between are assigned to those columns by their left edge.
 */
import { fillCells } from './ruled-tables';
import type { Box, Table, TableCell, TextLine, TextWord } from './structure.types';
import { unionBox } from './text-lines';
import {
  joinWrappedLabels,
  type AlignedRow as Row,
  trailingLabelRows,
  withLabelColumn,
} from './wrapped-labels';

const MIN_TABULAR_SEGMENTS = 3;
const MIN_TABULAR_ROWS = 3;

function segmentRow(lines: TextLine[]): Row['segments'] {
  const items = lines
    .flatMap((line) => line.words.map((word) => ({ line, word })))
    .sort((a, b) => a.word.box[0] - b.word.box[0]);
  const segments: Row['segments'] = [];
  for (const item of items) {
    const last = segments[segments.length - 1];
    const gap = last ? item.word.box[0] - last.box[2] : Number.POSITIVE_INFINITY;
    if (last && gap < item.line.size * 0.9) {
      last.words.push(item);
      last.box = unionBox(last.box, item.word.box);
    } else segments.push({ words: [item], box: [...item.word.box] });
  }
  return segments;
}

function groupRows(lines: TextLine[]): Row[] {
  const sorted = lines.filter((l) => l.horizontal).sort((a, b) => a.box[1] - b.box[1]);
  const rows: { lines: TextLine[]; box: Box }[] = [];
  for (const line of sorted) {
    const mid = (line.box[1] + line.box[3]) / 2;
    const row = rows.find((r) => mid >= r.box[1] && mid <= r.box[3]);
    if (row) {
      row.lines.push(line);
      row.box = unionBox(row.box, line.box);
    } else rows.push({ lines: [line], box: [...line.box] });
  }
  return rows.sort((a, b) => a.box[1] - b.box[1]).map((r) => ({ ...r, segments: segmentRow(r.lines) }));
}

const median = (values: number[]): number => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

function columnIntervals(rows: Row[]): [number, number][] {
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.segments.length, (counts.get(r.segments.length) ?? 0) + 1);
  const modal = [...counts.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0]?.[0] ?? 0;
  const spans = rows
    .filter((r) => r.segments.length === modal)
    .flatMap((r) => r.segments.map((s): [number, number] => [s.box[0], s.box[2]]))
    .sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [x0, x1] of spans) {
    const last = merged[merged.length - 1];
    if (last && x0 <= last[1]) last[1] = Math.max(last[1], x1);
    else merged.push([x0, x1]);
  }
  return merged;
}

/** Finds whitespace-aligned tables among lines not already in ruled tables. */
export function findAlignedTables(lines: TextLine[]): { tables: Table[]; used: Set<TextLine> } {
  const rows = groupRows(lines);
  const tables: Table[] = [];
  const used = new Set<TextLine>();
  if (rows.length < MIN_TABULAR_ROWS) return { tables, used };
  const rowHeight = median(rows.map((r) => r.box[3] - r.box[1])) || 10;
  const isTabular = (r: Row): boolean => r.segments.length >= MIN_TABULAR_SEGMENTS;
  let i = 0;
  while (i < rows.length) {
    const first = rows[i];
    if (!first || !isTabular(first)) {
      i++;
      continue;
    }
    // extend over rows while tabular rows keep coming within a few line heights
    let end = i;
    let lastTabular = i;
    for (let j = i + 1; j < rows.length; j++) {
      const prev = rows[j - 1];
      const row = rows[j];
      if (!prev || !row || row.box[1] - prev.box[3] > rowHeight * 2.5) break;
      if (isTabular(row)) lastTabular = j;
      else if (j - lastTabular > 3) break;
      end = j;
    }
    end = lastTabular;
    const block = rows.slice(i, end + 1);
    if (block.filter(isTabular).length < MIN_TABULAR_ROWS) {
      i = end + 1;
      continue;
    }
    const figures = columnIntervals(block.filter(isTabular));
    if (figures.length < MIN_TABULAR_SEGMENTS || looksLikeProse(block.filter(isTabular), figures)) {
      i = end + 1;
      continue;
    }
    // row labels wrapped onto lines of their own: a column of their own, their last lines taken in
    const columns = withLabelColumn(block, figures);
    if (columns !== figures) end += trailingLabelRows(rows, end, columns[0]?.[1] ?? 0);
    // header lines directly above, inside the table's width
    let start = i;
    const left = columns[0]?.[0] ?? 0;
    const right = columns[columns.length - 1]?.[1] ?? 0;
    while (start > 0) {
      const above = rows[start - 1];
      const below = rows[start];
      if (!above || !below || below.box[1] - above.box[3] > rowHeight * 1.2) break;
      if (above.box[0] < left - rowHeight * 2 || above.box[2] > right + rowHeight * 2) break;
      if (above.segments.length < 2 && start < i - 3) break;
      start--;
    }
    const tableRows = rows.slice(start, end + 1);
    tables.push(buildTable(columns === figures ? tableRows : joinWrappedLabels(tableRows, columns), columns));
    for (const r of tableRows) for (const l of r.lines) used.add(l);
    i = end + 1;
  }
  return { tables, used };
}

/** Prose (two text columns, a paragraph ending mid-line) has long runs of words; table cells are short. */
function looksLikeProse(rows: Row[], columns: [number, number][]): boolean {
  const width = (columns[columns.length - 1]?.[1] ?? 0) - (columns[0]?.[0] ?? 0);
  const widths = rows.flatMap((r) => r.segments.map((s) => s.box[2] - s.box[0]));
  return width <= 0 || median(widths) > width * 0.3;
}

function buildTable(rows: Row[], columns: [number, number][]): Table {
  const xs = [columns[0]?.[0] ?? 0];
  for (let c = 1; c < columns.length; c++) xs.push(((columns[c - 1]?.[1] ?? 0) + (columns[c]?.[0] ?? 0)) / 2);
  xs.push(Math.max(columns[columns.length - 1]?.[1] ?? 0, ...rows.map((r) => r.box[2])) + 1);
  xs[0] = Math.min(xs[0] ?? 0, ...rows.map((r) => r.box[0])) - 1;
  const ys = [rows[0]?.box[1] ?? 0];
  for (let r = 1; r < rows.length; r++) ys.push(((rows[r - 1]?.box[3] ?? 0) + (rows[r]?.box[1] ?? 0)) / 2);
  ys.push((rows[rows.length - 1]?.box[3] ?? 0) + 1);
  ys[0] = (ys[0] ?? 0) - 1;
  const cells: TableCell[] = [];
  for (let r = 0; r < rows.length; r++)
    for (let c = 0; c < columns.length; c++) cells.push({ row: r, col: c, rowSpan: 1, colSpan: 1, text: '' });
  const table: Table = {
    box: [xs[0] ?? 0, ys[0] ?? 0, xs[xs.length - 1] ?? 0, ys[ys.length - 1] ?? 0],
    xs,
    ys,
    cells,
    kind: 'aligned',
  };
  // Words are placed by their segment's left edge: a header centred over two columns belongs to the first.
  const placed: { line: TextLine; word: TextWord }[] = [];
  rows.forEach((row, r) => {
    const y = ((ys[r] ?? 0) + (ys[r + 1] ?? 0)) / 2;
    for (const seg of row.segments) {
      const x = seg.box[0] + 0.5;
      for (const item of seg.words) {
        placed.push({ line: item.line, word: { text: item.word.text, box: [x, y, x, y] } });
      }
    }
  });
  fillCells(table, placed);
  return table;
}
