/**
 * The hard table documents of the repository corpus (tests/corpus/pdf-tables, MANIFEST.tsv): tables
 * printed sideways, ruled only by rows or columns, and with labels outside the rules. Each is scored
 * against its source's ground truth (ICDAR 2013 structure files, camelot's expected data).
 */
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { columnTotalsAgree } from '../../testing/column-totals';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { REPO_CORPUS_DIR } from '../../testing/corpus';
import { docxGrids, expectedTables, tableScores, xlsxGrids } from '../../testing/table-scores';
import type { Converter } from '../converter.types';
import { pdfToDocx } from '../pdf-to-docx';
import { pdfToXlsx } from '.';

const tables = (name: string): string => join(REPO_CORPUS_DIR, 'pdf-tables', name);
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

async function convert(converter: Converter, source: string): Promise<string> {
  const job = await makeConverterContext(source);
  jobs.push(job);
  const [result] = await convertAsSent(converter, job.ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

describe('pdf/to/xlsx on hard tables', () => {
  it('reads the sideways NICS report (/Rotate 90) upright: states in order, numbers typed, columns add up', async () => {
    const path = await convert(pdfToXlsx, tables('nics-background-checks-2015-11-rotated.pdf'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const labels: string[] = [];
    sheet.eachRow((row) => labels.push(String(row.getCell(1).value ?? '')));
    const states = labels.slice(labels.indexOf('Alabama'), labels.indexOf('Totals'));
    // the rows as printed, top to bottom, each name in one piece (was 'A l a b a m a', reversed)
    expect(states[0]).toBe('Alabama');
    expect(states.at(-1)).toBe('Wyoming');
    expect(states).toContain('District of Columbia');
    expect(states.length).toBeGreaterThanOrEqual(50);
    const alabama = sheet.getRow(labels.indexOf('Alabama') + 1);
    expect(alabama.getCell(sheet.columnCount).value).toBe(71137);
    expect(alabama.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    // pdfplumber's own check of this report: every column's state rows add up to its Totals row
    const totals = columnTotalsAgree(await xlsxGrids(path));
    expect(totals?.share, totals?.note).toBe(1);
  });

  it.each([
    // [document, least mean cell accuracy over its tables]: measured 1.00 / 0.97 / 0.93 / 0.90 / 0.96 / 0.99
    ['anticlockwise_table_1.pdf', 0.97],
    ['clockwise_table_2.pdf', 0.95],
    ['eu-015.pdf', 0.9],
    ['eu-016.pdf', 0.85],
    ['us-001.pdf', 0.9],
    ['us-009.pdf', 0.95],
  ])('finds the cells of %s (ground truth beside it)', async (name, least) => {
    const source = tables(name);
    const expected = expectedTables(source);
    expect(expected.length).toBeGreaterThan(0);
    const scores = tableScores(expected, await xlsxGrids(await convert(pdfToXlsx, source)));
    const mean = scores.reduce((a, b) => a + b, 0) / scores.length;
    expect(mean, scores.map((s) => s.toFixed(2)).join(' ')).toBeGreaterThanOrEqual(least);
  });

  it('takes in a row-label column outside the ruled grid (eu-012 tables 3 and 4, us-009)', async () => {
    const source = tables('eu-012.pdf');
    const scores = tableScores(expectedTables(source), await xlsxGrids(await convert(pdfToXlsx, source)));
    // the two tables with labels (and a last column) beside the rules come out whole
    expect(scores[2]).toBe(1);
    expect(scores[3]).toBe(1);
    const grids = await xlsxGrids(await convert(pdfToXlsx, tables('us-009.pdf')));
    const salaries = grids.flat().find((row) => row[0] === 'Salaries (a)');
    expect(salaries?.slice(0, 2)).toEqual(['Salaries (a)', '1314000']);
  });
});

describe('pdf/to/docx on hard tables', () => {
  it('writes the label column and unruled rows into the Word table (us-001), not a run-on paragraph', async () => {
    const source = tables('us-001.pdf');
    const grids = docxGrids(await convert(pdfToDocx, source));
    const scores = tableScores(expectedTables(source), grids);
    expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.85);
    const allAges = grids.flat().find((row) => (row[0] ?? '').startsWith('All ages'));
    expect(allAges?.slice(1, 3)).toEqual(['291,099', '*****']);
  });

  it('writes the sideways NICS table as a Word table with whole state names', async () => {
    const grids = docxGrids(await convert(pdfToDocx, tables('nics-background-checks-2015-11-rotated.pdf')));
    const rows = grids.flat();
    expect(rows.find((row) => row[0] === 'Alabama')?.at(-1)).toBe('71,137');
    expect(rows.some((row) => row[0] === 'Wyoming')).toBe(true);
  });
});
