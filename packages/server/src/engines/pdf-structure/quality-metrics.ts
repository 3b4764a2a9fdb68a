/**
 * Figures for judging from-PDF output, shared by the tests and bench/from-pdf.bench.ts: word-level F1
 * between two texts, and cell accuracy of an extracted table grid against an expected one.
 */

const words = (text: string): string[] =>
  text
    .toLowerCase()
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .split(/\s+/)
    .filter((w) => w.length > 0);

/** Word-level F1 over multisets of whitespace-separated words (order-insensitive). */
export function wordF1(
  reference: string,
  candidate: string,
): { f1: number; precision: number; recall: number } {
  const ref = new Map<string, number>();
  for (const w of words(reference)) ref.set(w, (ref.get(w) ?? 0) + 1);
  const cand = words(candidate);
  let common = 0;
  for (const w of cand) {
    const n = ref.get(w) ?? 0;
    if (n > 0) {
      common++;
      ref.set(w, n - 1);
    }
  }
  const refTotal = words(reference).length;
  const precision = cand.length ? common / cand.length : 0;
  const recall = refTotal ? common / refTotal : 0;
  const f1 = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return { f1, precision, recall };
}

export const normaliseCell = (value: string): string => value.replace(/\s+/g, ' ').trim();

/**
 * Cells equal after whitespace normalisation, or numerically equal ('5.9%' vs 0.059, '1,234' or
 * '1 234' vs 1234, '$49,497' vs 49497: a typed cell keeps its currency in its number format).
 */
export function cellsMatch(expected: string, actual: string): boolean {
  const e = normaliseCell(expected);
  const a = normaliseCell(actual);
  if (e === a) return true;
  const en = numericValue(e);
  const an = numericValue(a);
  return en !== null && an !== null && Math.abs(en - an) < 1e-9 + Math.abs(en) * 1e-9;
}

function numericValue(s: string): number | null {
  // thousands grouped by spaces ('100 000') are the same number as the typed cell's 100000
  const m = /^(\(?)(-?)[$€£¥]?([\d,]*\.?\d+)(%?)\)?$/.exec(
    /^\d{1,3}( \d{3})+(\.\d+)?$/.test(s) ? s.replace(/ /g, '') : s,
  );
  if (!m) return null;
  const n = Number((m[3] ?? '').replace(/,/g, ''));
  if (!Number.isFinite(n)) return null;
  const signed = m[1] === '(' || m[2] === '-' ? -n : n;
  return m[4] === '%' ? signed / 100 : signed;
}

/**
 * Share of expected cells found at the same column in the matching row. Rows are matched in order,
 * each expected row to the best not-yet-used actual row after the previous match, so an extra title
 * row or a header split differently does not shift every later row.
 */
export function cellAccuracy(expected: string[][], actual: string[][]): number {
  let total = 0;
  let correct = 0;
  let from = 0;
  for (const row of expected) {
    const cells = row.length;
    total += cells;
    let best = -1;
    let bestScore = 0;
    for (let r = from; r < actual.length; r++) {
      const candidate = actual[r] ?? [];
      const score = row.reduce((n, cell, c) => n + (cellsMatch(cell, candidate[c] ?? '') ? 1 : 0), 0);
      if (score > bestScore) {
        bestScore = score;
        best = r;
      }
    }
    if (best >= 0) {
      correct += bestScore;
      from = best + 1;
    }
  }
  return total > 0 ? correct / total : 0;
}

/** RFC 4180 CSV (quoted fields may contain commas and newlines). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
