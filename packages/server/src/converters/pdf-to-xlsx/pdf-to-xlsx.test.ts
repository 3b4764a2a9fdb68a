import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cellAccuracy, parseCsv } from '../../engines/pdf-structure';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerToRejection } from '../../testing/error-answers';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { pdfToXlsx, typedValue } from '.';

const corpus = CORPUS_DIR;
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
async function convert(file: string): Promise<ExcelJS.Workbook> {
  const j = await makeConverterContext(file);
  jobs.push(j);
  const [result] = await convertAsSent(pdfToXlsx, j.ctx);
  if (!result) throw new Error('no result');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(result.path);
  return workbook;
}

/** Cell values as text the way the CSV writes them (numbers compared numerically by cellAccuracy). */
function sheetGrid(sheet: ExcelJS.Worksheet): string[][] {
  const grid: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, r) => {
    const cells: string[] = [];
    for (let c = 1; c <= sheet.columnCount; c++) {
      const cell = row.getCell(c);
      // exceljs reports a merged area's value on every cell of it; the CSV has it once, at the anchor
      const v = cell.isMerged && cell.master.address !== cell.address ? null : cell.value;
      cells.push(
        v === null || v === undefined
          ? ''
          : cell.type === ExcelJS.ValueType.Number && cell.numFmt?.includes('%')
            ? `${Number(v) * 100}%`
            : String(v),
      );
    }
    grid[r - 1] = cells;
  });
  return grid;
}

describe('pdf/to/xlsx', () => {
  it('puts each corpus table on its own sheet with the expected cells', async () => {
    const cases: [string, string[], number][] = [
      ['foo.pdf', ['foo.expected.csv'], 0.95],
      ['twotables_2.pdf', ['twotables_2.table1.expected.csv', 'twotables_2.table2.expected.csv'], 0.95],
      ['health.pdf', ['health.expected.csv'], 0.8],
    ];
    for (const [pdf, csvs, minimum] of cases) {
      const workbook = await convert(join(corpus, 'pdf-tables', pdf));
      expect(workbook.worksheets).toHaveLength(csvs.length);
      csvs.forEach((csv, i) => {
        const expected = parseCsv(readFileSync(join(corpus, 'pdf-tables', csv), 'utf8'));
        const sheet = workbook.worksheets[i];
        if (!sheet) throw new Error('missing sheet');
        expect(sheet.columnCount).toBe(expected[0]?.length);
        const accuracy = cellAccuracy(expected, sheetGrid(sheet));
        console.log(`XLSX table cell accuracy ${csv}: ${accuracy.toFixed(4)}`);
        expect(accuracy).toBeGreaterThanOrEqual(minimum);
      });
    }
  });

  it('stores numbers, thousands and percentages as typed values', async () => {
    const foo = (await convert(join(corpus, 'pdf-tables/foo.pdf'))).worksheets[0];
    const row = foo?.getRow(3);
    expect(row?.getCell(1).value).toBe('2012_2');
    expect(row?.getCell(2).type).toBe(ExcelJS.ValueType.Number);
    expect(row?.getCell(2).value).toBe(3.3);
    expect(row?.getCell(2).numFmt).toBe('0.00');
    expect(row?.getCell(4).value).toBeCloseTo(0.059, 10);
    expect(row?.getCell(4).numFmt).toBe('0.0%');
    // the merged header 'Percent Fuel Savings' spans four columns
    expect(foo?.getCell('D1').isMerged).toBe(true);
    expect(foo?.getCell('G1').master.address).toBe('D1');
    const health = (await convert(join(corpus, 'pdf-tables/health.pdf'))).worksheets[0];
    let andhra: ExcelJS.Row | undefined;
    health?.eachRow((r) => {
      if (r.getCell(1).value === 'Andhra Pradesh') andhra = r;
    });
    expect(andhra?.getCell(2).value).toBe(47824589);
    expect(andhra?.getCell(2).numFmt).toBe('#,##0');
  });

  it('types accounting negatives, currency and dates', () => {
    expect(typedValue('(12)')).toMatchObject({ kind: 'number', value: -12 });
    expect(typedValue('1,234.5')).toMatchObject({ kind: 'number', value: 1234.5, numFmt: '#,##0.0' });
    expect(typedValue('$1,000')).toMatchObject({ kind: 'number', value: 1000 });
    expect(typedValue('12.5%')).toMatchObject({ kind: 'number', value: 0.125, numFmt: '0.0%' });
    expect(typedValue('2024-01-03')).toMatchObject({ kind: 'date', value: new Date(Date.UTC(2024, 0, 3)) });
    expect(typedValue('January 3, 2024')).toMatchObject({
      kind: 'date',
      value: new Date(Date.UTC(2024, 0, 3)),
    });
    expect(typedValue('007')).toMatchObject({ kind: 'text' });
    expect(typedValue('2024-02-30')).toMatchObject({ kind: 'text' });
    // letter-spaced print and space-grouped thousands are numbers; other spaced text stays as written
    expect(typedValue('1 , 3 6 3')).toMatchObject({ kind: 'number', value: 1363, numFmt: '#,##0' });
    expect(typedValue('98 452')).toMatchObject({ kind: 'number', value: 98452 });
    expect(typedValue('A l a b a m a')).toMatchObject({ kind: 'text', value: 'A l a b a m a' });
    expect(typedValue('5 4')).toMatchObject({ kind: 'text' });
    expect(typedValue('12 34')).toMatchObject({ kind: 'text' });
  });

  it('gives a page without tables its text lines as rows', async () => {
    const sheet = (await convert(join(corpus, 'pdf/crazyones.pdf'))).worksheets[0];
    expect(sheet?.name).toBe('Page 1');
    expect(String(sheet?.getCell('A1').value)).toMatch(/Crazy Ones/);
    expect(sheet?.rowCount).toBeGreaterThan(5);
  });

  it('answers 422 for encrypted and corrupt PDFs', async () => {
    await expect(
      answerToRejection(convert(join(corpus, 'pdf-encrypted/health_protected.pdf'))),
    ).resolves.toMatchObject({
      status: 422,
      code: 5003,
    });
    await expect(
      answerToRejection(convert(join(corpus, 'pdf-malformed/invalid.pdf'))),
    ).resolves.toMatchObject({
      status: 422,
      code: 5002,
    });
  });
});

describe('pdf/to/xlsx over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('converts a table PDF and serves a workbook', async () => {
    const answer = await server.convert('pdf/to/xlsx', { StoreFile: 'true' }, [
      join(corpus, 'pdf-tables/foo.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('foo.xlsx');
    const workbook = new ExcelJS.Workbook();
    const bytes = await server.download(file?.Url ?? '');
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
    expect(workbook.worksheets[0]?.getCell('A3').value).toBe('2012_2');
  });
});
