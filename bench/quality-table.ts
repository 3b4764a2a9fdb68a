/**
 * The quality table `bench/quality.bench.ts` prints: one row per measure and document, so figures of
 * different kinds (cell accuracy, word F1, character error, text kept) read side by side. A section
 * returns its rows; the bench prints them all at the end.
 */
export interface QualityRow {
  /** What is measured, e.g. 'table cells (xlsx)', 'word F1 (docx)', 'OCR CER (fra)'. */
  measure: string;
  /** The corpus file, relative to its corpus folder. */
  document: string;
  /** A share between 0 and 1 (printed as a percentage). */
  value: number;
  /** Anything the figure needs to be read right (its baseline, what it compares against). */
  note?: string;
}

export type QualitySection = () => Promise<QualityRow[]>;

const pad = (text: string, width: number): string => text.padEnd(width);

export function printQualityTable(rows: QualityRow[]): void {
  const measureWidth = Math.max(7, ...rows.map((r) => r.measure.length));
  const documentWidth = Math.max(8, ...rows.map((r) => r.document.length));
  console.log(`${pad('measure', measureWidth)}  ${pad('document', documentWidth)}   value  note`);
  for (const row of rows) {
    const value = `${(row.value * 100).toFixed(1)}%`.padStart(6);
    console.log(
      `${pad(row.measure, measureWidth)}  ${pad(row.document, documentWidth)}  ${value}  ${row.note ?? ''}`,
    );
  }
}
