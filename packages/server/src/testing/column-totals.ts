/**
 * A table's own arithmetic as its ground truth: in a report whose last row is 'Total(s)', each numeric
 * column's other rows add up to it. pdfplumber's test of the NICS report checks the same.
 */

const asNumber = (cell: string): number | null => {
  const n = Number(cell.replace(/[, ]/g, ''));
  return cell.trim() !== '' && Number.isFinite(n) ? n : null;
};

/** The share of numeric columns whose rows between `firstLabel` and the totals row add up to it. */
export function columnTotalsAgree(
  grids: string[][][],
  firstLabel = 'Alabama',
): { share: number; note: string } | null {
  for (const grid of grids) {
    const first = grid.findIndex((row) => row[0] === firstLabel);
    const total = grid.findIndex((row) => /^totals?$/i.test(row[0] ?? ''));
    if (first < 0 || total <= first) continue;
    const body = grid.slice(first, total);
    const totals = grid[total] ?? [];
    let checked = 0;
    let agreeing = 0;
    totals.forEach((cell, c) => {
      const expected = asNumber(cell);
      if (c === 0 || expected === null) return;
      checked++;
      const sum = body.reduce((acc, row) => acc + (asNumber(row[c] ?? '') ?? 0), 0);
      if (sum === expected) agreeing++;
    });
    return {
      share: checked ? agreeing / checked : 0,
      note: `${agreeing}/${checked} columns add up, ${body.length} rows`,
    };
  }
  return null;
}
