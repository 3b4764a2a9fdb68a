/**
 * Writes the workbook: one sheet per table found ('Page 1 Table 1'), merged cells kept, values typed;
 * a page without tables becomes one sheet with its text lines as rows.
 */
import type { Cell, Worksheet } from 'exceljs';
import { type PageWithFlow, tableToGrid } from '../../engines/pdf-structure';
import { typedValue } from './cell-values';

function setCell(cell: Cell, text: string): void {
  const typed = typedValue(text);
  if (typed.kind === 'text') {
    cell.value = typed.value;
    if (typed.value.includes('\n')) cell.alignment = { wrapText: true, vertical: 'top' };
    return;
  }
  cell.value = typed.value;
  if (typed.numFmt) cell.numFmt = typed.numFmt;
}

function fitColumns(sheet: Worksheet, grid: string[][]): void {
  const cols = Math.max(0, ...grid.map((r) => r.length));
  for (let c = 0; c < cols; c++) {
    const longest = Math.max(
      4,
      ...grid.map((r) => Math.max(0, ...(r[c] ?? '').split('\n').map((l) => l.length))),
    );
    sheet.getColumn(c + 1).width = Math.min(60, longest + 2);
  }
}

export async function writeXlsx(pages: PageWithFlow[], title: string): Promise<Buffer> {
  // Loaded on the first workbook, not when the server starts (exceljs is ~0.3 s of CPU to import).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'docstudio';
  workbook.title = title;
  for (const page of pages) {
    if (page.tables.length === 0) {
      const sheet = workbook.addWorksheet(`Page ${page.index + 1}`);
      const grid = page.lines.map((l) => [l.text]);
      for (const [r, row] of grid.entries()) setCell(sheet.getCell(r + 1, 1), row[0] ?? '');
      fitColumns(sheet, grid);
      continue;
    }
    page.tables.forEach((table, t) => {
      const name =
        page.tables.length === 1 ? `Page ${page.index + 1}` : `Page ${page.index + 1} Table ${t + 1}`;
      const sheet = workbook.addWorksheet(name);
      const grid = tableToGrid(table);
      grid.forEach((row, r) => {
        row.forEach((text, c) => {
          if (text) setCell(sheet.getCell(r + 1, c + 1), text);
        });
      });
      for (const cell of table.cells) {
        if (cell.rowSpan > 1 || cell.colSpan > 1) {
          sheet.mergeCells(cell.row + 1, cell.col + 1, cell.row + cell.rowSpan, cell.col + cell.colSpan);
        }
      }
      fitColumns(sheet, grid);
    });
  }
  if (workbook.worksheets.length === 0) workbook.addWorksheet('Page 1');
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
