/**
 * Rows of a ruled grid that are drawn only by their columns: a band between two horizontal rules (or a
 * grid of column rules with no row rule at all) that holds several records of wrapped text. Lines of
 * one cell sit at the font's line pitch; between two records the text leaves a blank gap across
 * every column, and the next record starts on one baseline in the first column (its label) and at
 * least one other. A paragraph break inside cells (no new label) never splits a row.
 */
import {
  type Baseline,
  bandLines,
  type Grid,
  type Placed,
  rowsAcross,
  type Segment,
} from './ruled-text-grid';

/** A blank gap this share of a line's height (or more) between baselines can part two records. */
const MIN_GAP_SHARE = 0.4;

const columnsOf = (grid: Grid, line: Baseline): Set<number> => {
  const columns = new Set<number>();
  for (const p of line.words) {
    const cx = (p.word.box[0] + p.word.box[2]) / 2;
    const i = grid.xs.findIndex((x, k) => cx >= x && cx < (grid.xs[k + 1] ?? Number.NEGATIVE_INFINITY));
    if (i >= 0) columns.add(i);
  }
  return columns;
};

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/** Row boundaries at the blank gaps inside bands of wrapped records, with a rule across the grid. */
export function splitGapBands(grid: Grid, placed: Placed[]): { ys: number[]; hs: Segment[] } {
  const ys: number[] = [];
  for (const rows of bandLines(grid, placed)) {
    if (rows.length < 3) continue;
    const lineHeight = median(rows.map((row) => row.bottom - row.top));
    rows.forEach((row, i) => {
      const above = rows[i - 1];
      if (!above) return;
      const gap = row.top - above.bottom;
      const columns = columnsOf(grid, row);
      if (gap >= lineHeight * MIN_GAP_SHARE && columns.size >= 2 && columns.has(0))
        ys.push((above.bottom + row.top) / 2);
    });
  }
  return rowsAcross(grid, ys);
}
