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

  it('takes in a row-label column outside the ruled grid (eu-012 tables 1 and 3-5, us-009)', async () => {
    const source = tables('eu-012.pdf');
    const grids = await xlsxGrids(await convert(pdfToXlsx, source));
    const scores = tableScores(expectedTables(source), grids);
    // the tables with labels (and a last column) beside the rules come out whole
    expect(scores[2]).toBe(1);
    expect(scores[3]).toBe(1);
    // labels read as one line with their row's figures ('Denmark 17 49 34'; was 3% of table 5)
    expect(scores[0]).toBe(1);
    expect(scores[4]).toBe(1);
    expect(grids.flat().find((row) => row[0] === 'Denmark')).toEqual(['Denmark', '17', '49', '34']);
    const costs = await xlsxGrids(await convert(pdfToXlsx, tables('us-009.pdf')));
    const salaries = costs.flat().find((row) => row[0] === 'Salaries (a)');
    expect(salaries?.slice(0, 2)).toEqual(['Salaries (a)', '1314000']);
  });
});

describe('pdf/to/xlsx: rows without rules, wrapped labels, charts', () => {
  const rowOf = (grids: string[][][], label: string): string[] | undefined =>
    grids.flat().find((row) => (row[0] ?? '').replace(/\s+/g, ' ') === label);

  it('finds the rows of a table ruled only by its columns (no row rule, no frame)', async () => {
    const source = tables('mmwr-column-rules.pdf');
    const grids = await xlsxGrids(await convert(pdfToXlsx, source));
    // each record one row: its wrapped label whole in column A, its figures beside it, typed
    expect(
      rowOf(grids, 'Premature mortality (years of potential life lost before age 75 yrs/100,000 population)'),
    ).toEqual([
      'Premature mortality (years of potential\nlife lost before age 75 yrs/100,000\npopulation)',
      '7108.3',
      '6960.6',
      '6920',
      '6899.5',
      '6940.6',
    ]);
    expect(rowOf(grids, 'Inequality in HALex (Gini index), ages 18–65 yrs')?.slice(1)).toEqual([
      '0.0928',
      '0.0872',
      '0.0848',
      '0.084',
      '0.0871',
    ]);
    expect(tableScores(expectedTables(source), grids)).toEqual([1]);
  });

  it('parts the records of bands ruled only by columns at their blank gaps (us-032)', async () => {
    const source = tables('us-032.pdf');
    const grids = await xlsxGrids(await convert(pdfToXlsx, source));
    // was one cell holding 'Mobile:', 'On-road' and 'Non-road' with all their text
    expect(rowOf(grids, 'On-road')?.[2]).toBe(
      'Cars, buses, sport-utility\nvehicles, light- and heavy-\nduty trucks',
    );
    expect(rowOf(grids, 'Non-road')?.[1]).toMatch(/^Emissions from a diverse\n[\s\S]*public roads$/);
    expect(rowOf(grids, 'Mobile:')?.slice(1)).toEqual(['', '']);
    expect(tableScores(expectedTables(source), grids)[0]).toBeGreaterThanOrEqual(0.95);
  });

  it('joins row labels wrapped around their figures in a borderless table (us-023)', async () => {
    const source = tables('us-023.pdf');
    const grids = await xlsxGrids(await convert(pdfToXlsx, source));
    const label = 'Mean Health and Activities Limitation Index (HALex), ages 18–65 yrs';
    expect(rowOf(grids, label)?.slice(1, 4)).toEqual(['0.8766', '0.8762', '0.8779']);
    expect(rowOf(grids, 'Median household income')?.slice(1, 3)).toEqual(['49497', '51295']);
    expect(tableScores(expectedTables(source), grids)[0]).toBeGreaterThanOrEqual(0.9);
  });

  it('leaves a bar chart with gridlines out of the workbook (eu-012 page 3)', async () => {
    const path = await convert(pdfToXlsx, tables('eu-012.pdf'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(path);
    const page3 = workbook.worksheets.filter((sheet) => sheet.name.startsWith('Page 3'));
    const cells = (await xlsxGrids(path)).filter((_, i) => workbook.worksheets[i]?.name.startsWith('Page 3'));
    // the page's one table is Table 1 (GDP growth); the chart's axis and bar labels are no table
    expect(page3.length).toBe(1);
    expect(cells[0]?.[0]?.slice(0, 3)).toEqual(['', 'Finland', 'EU-15']);
    expect(cells.flat(2)).not.toContain('100%');
    expect(cells.flat(2)).not.toContain('30.5');
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
