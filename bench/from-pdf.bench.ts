/**
 * PDF to Word and Excel: the quality figures of the structure-based converters: DOCX word F1 against
 * pdftotext, and table cell accuracy of DOCX and XLSX against camelot's expected cells. (PDF to JPG's
 * speed against pdftoppm: pdf-to-jpg.bench.ts.)
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { pdfToDocx } from '../packages/server/src/converters/pdf-to-docx';
import { pdfToXlsx } from '../packages/server/src/converters/pdf-to-xlsx';
import { cellAccuracy, parseCsv, wordF1 } from '../packages/server/src/engines/pdf-structure';
import {
  docxTables,
  libreOfficeText,
  zipPart,
} from '../packages/server/src/engines/pdf-structure/office-readback';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';

const corpus = CORPUS_DIR;

async function docxWords(): Promise<void> {
  for (const name of [
    'pdf/crazyones.pdf',
    'pdf/pdflatex-4-pages.pdf',
    'pdf/multicolumn.pdf',
    'pdf/pdf2docx-demo-text.pdf',
    'pdf/tagged.pdf',
    'pdf/GeoTopo-komprimiert.pdf',
  ]) {
    const source = join(corpus, name);
    const job = await makeConverterContext(source, {}, 600_000);
    const [docx] = await convertAsSent(pdfToDocx, job.ctx);
    const reference = execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' });
    const { f1 } = wordF1(reference, libreOfficeText(docx?.path ?? ''));
    console.log(`DOCX word F1 ${name}: ${f1.toFixed(4)}`);
    await job.cleanup();
  }
}

async function tableAccuracy(): Promise<void> {
  const cases: [string, string[]][] = [
    ['foo.pdf', ['foo.expected.csv']],
    ['twotables_2.pdf', ['twotables_2.table1.expected.csv', 'twotables_2.table2.expected.csv']],
    ['health.pdf', ['health.expected.csv']],
  ];
  for (const [pdf, csvs] of cases) {
    const source = join(corpus, 'pdf-tables', pdf);
    const docxJob = await makeConverterContext(source);
    const [docx] = await convertAsSent(pdfToDocx, docxJob.ctx);
    const tables = docxTables(zipPart(docx?.path ?? '', 'word/document.xml'));
    const xlsxJob = await makeConverterContext(source);
    const [xlsx] = await convertAsSent(pdfToXlsx, xlsxJob.ctx);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(xlsx?.path ?? '');
    csvs.forEach((csv, i) => {
      const expected = parseCsv(readFileSync(join(corpus, 'pdf-tables', csv), 'utf8'));
      const sheet = workbook.worksheets[i];
      const grid: string[][] = [];
      sheet?.eachRow({ includeEmpty: true }, (row, r) => {
        grid[r - 1] = Array.from({ length: sheet.columnCount }, (_, c) => {
          const cell = row.getCell(c + 1);
          if (cell.value === null || cell.value === undefined) return '';
          if (cell.isMerged && cell.master.address !== cell.address) return '';
          return cell.numFmt?.includes('%') ? `${Number(cell.value) * 100}%` : String(cell.value);
        });
      });
      console.log(
        `table cell accuracy ${csv}: docx ${cellAccuracy(expected, tables[i] ?? []).toFixed(4)}, xlsx ${cellAccuracy(expected, grid).toFixed(4)}`,
      );
    });
    await docxJob.cleanup();
    await xlsxJob.cleanup();
  }
}

export default async function (): Promise<void> {
  await docxWords();
  await tableAccuracy();
}
