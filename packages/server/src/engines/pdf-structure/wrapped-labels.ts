/**
 * Borderless tables whose row labels wrap onto several lines while the figures stay on one: the
 * label's lines sit above and below the figures' baseline (centred) or the figures' line carries no
 * label at all. Read line by line, such a table has rows of figures without a label and rows of
 * label text without figures. Here the label column is made a column of its own (it is left of every
 * figure column), and each line of label text joins the figures' row nearest to it that has no label.
 */
import type { Box, TextLine, TextWord } from './structure.types';

export interface AlignedRow {
  lines: TextLine[];
  box: Box;
  /** Word groups separated by gaps wider than about a character; each is a would-be cell. */
  segments: { words: { line: TextLine; word: TextWord }[]; box: Box }[];
}

/** Label text ends at least this far left of the first figure column. */
const LABEL_CLEARANCE = 4;

const union = (a: Box, b: Box): Box => [
  Math.min(a[0], b[0]),
  Math.min(a[1], b[1]),
  Math.max(a[2], b[2]),
  Math.max(a[3], b[3]),
];

/**
 * The columns with a label column in front when two or more rows have text wholly left of the first
 * column (the figures' rows alone set the columns when the labels wrap onto lines of their own).
 */
export function withLabelColumn(rows: AlignedRow[], columns: [number, number][]): [number, number][] {
  const first = columns[0]?.[0] ?? 0;
  const labels = rows.flatMap((r) => r.segments.filter((s) => s.box[2] <= first - LABEL_CLEARANCE));
  if (new Set(labels.map((s) => rows.findIndex((r) => r.segments.includes(s)))).size < 2) return columns;
  const from = Math.min(...labels.map((s) => s.box[0]));
  const to = Math.max(...labels.map((s) => s.box[2]));
  return [[from, to], ...columns];
}

const labelOnly = (row: AlignedRow, labelEnd: number): boolean =>
  row.segments.every((s) => s.box[2] <= labelEnd);
const unlabelled = (row: AlignedRow, labelEnd: number): boolean =>
  row.segments.length > 0 && row.segments.every((s) => s.box[0] > labelEnd);

/** How many rows after `end` are label lines belonging to the figures' row at `end`. */
export function trailingLabelRows(rows: AlignedRow[], end: number, labelEnd: number): number {
  const last = rows[end];
  if (!last || !unlabelled(last, labelEnd)) return 0;
  let count = 0;
  let previous = last;
  for (let i = end + 1; i < rows.length; i++) {
    const row = rows[i];
    const height = previous.box[3] - previous.box[1];
    if (!row || !labelOnly(row, labelEnd) || row.box[1] - previous.box[3] > height * 0.5) break;
    count++;
    previous = row;
  }
  return count;
}

/**
 * Rows with each label-only line joined to the nearest unlabelled figures' row (above or below, no
 * other figures' row between); lines with no such row stay rows of their own (section headings).
 */
export function joinWrappedLabels(rows: AlignedRow[], columns: [number, number][]): AlignedRow[] {
  if (columns.length < 2) return rows;
  const labelEnd = columns[0]?.[1] ?? 0;
  const target = new Map<AlignedRow, AlignedRow>();
  rows.forEach((row, i) => {
    if (!labelOnly(row, labelEnd)) return;
    let above: AlignedRow | undefined;
    for (let k = i - 1; k >= 0 && !above; k--)
      if (!labelOnly(rows[k] as AlignedRow, labelEnd)) above = rows[k];
    let below: AlignedRow | undefined;
    for (let k = i + 1; k < rows.length && !below; k++)
      if (!labelOnly(rows[k] as AlignedRow, labelEnd)) below = rows[k];
    const gapAbove =
      above && unlabelled(above, labelEnd) ? row.box[1] - above.box[3] : Number.POSITIVE_INFINITY;
    const gapBelow =
      below && unlabelled(below, labelEnd) ? below.box[1] - row.box[3] : Number.POSITIVE_INFINITY;
    const height = row.box[3] - row.box[1];
    const best = gapAbove <= gapBelow ? above : below;
    if (best && Math.min(gapAbove, gapBelow) <= height * 1.5) target.set(row, best);
  });
  if (target.size === 0) return rows;
  const merged = new Map<AlignedRow, AlignedRow>();
  for (const row of rows) {
    if (target.has(row)) continue;
    merged.set(row, { lines: [...row.lines], box: [...row.box], segments: [...row.segments] });
  }
  for (const [fragment, owner] of target) {
    const into = merged.get(owner);
    if (!into) continue;
    into.lines.push(...fragment.lines);
    into.segments.push(...fragment.segments);
    into.box = union(into.box, fragment.box);
  }
  return [...merged.values()].sort((a, b) => a.box[1] - b.box[1]);
}
