/**
 * Scores extracted tables against a document's ground truth, for tests and bench/quality.bench.ts:
 * the truth is an ICDAR 2013 `<name>-str.xml` beside the PDF, or camelot's `<name>.expected.csv`
 * (`<name>.table1.expected.csv`, ... for several tables). Each expected table is scored against the
 * best-matching table of the output (cell accuracy, `engines/pdf-structure/quality-metrics.ts`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import ExcelJS from 'exceljs';
import { cellAccuracy, parseCsv } from '../engines/pdf-structure';
import { icdarTables } from '../engines/pdf-structure/icdar-tables';
import { docxTables, zipPart } from '../engines/pdf-structure/office-readback';

/** The expected tables of `pdfPath` (empty when it has no ground truth beside it). */
export function expectedTables(pdfPath: string): string[][][] {
  const base = basename(pdfPath, '.pdf');
  const dir = dirname(pdfPath);
  const xml = join(dir, `${base}-str.xml`);
  if (existsSync(xml)) return icdarTables(readFileSync(xml, 'utf8')).map((t) => t.grid);
  return readdirSync(dir)
    .filter((name) => name.startsWith(`${base}.`) && name.endsWith('.expected.csv'))
    .sort()
    .map((name) => parseCsv(readFileSync(join(dir, name), 'utf8')));
}

/** Every sheet of a workbook as text cells (a percentage as '5.9%', a merged area's value once). */
export async function xlsxGrids(path: string): Promise<string[][][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  return workbook.worksheets.map((sheet) => {
    const grid: string[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row, r) => {
      grid[r - 1] = Array.from({ length: sheet.columnCount }, (_, c) => {
        const cell = row.getCell(c + 1);
        if (cell.value === null || cell.value === undefined) return '';
        if (cell.isMerged && cell.master.address !== cell.address) return '';
        return cell.type === ExcelJS.ValueType.Number && cell.numFmt?.includes('%')
          ? `${Number(cell.value) * 100}%`
          : String(cell.value);
      });
    });
    return Array.from(grid, (row) => row ?? []);
  });
}

/** The tables of a .docx as text grids. */
export const docxGrids = (path: string): string[][][] => docxTables(zipPart(path, 'word/document.xml'));

/** Each expected table's accuracy against the best of `actual`. */
export const tableScores = (expected: string[][][], actual: string[][][]): number[] =>
  expected.map((table) => Math.max(0, ...actual.map((grid) => cellAccuracy(table, grid))));

export const mean = (values: number[]): number =>
  values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0;
