/**
 * Table cell accuracy of pdf/to/xlsx and pdf/to/docx on every table document of both corpora that
 * has ground truth (ICDAR 2013 structure files, camelot's expected CSVs), and the self-check of the
 * sideways NICS report (each column's state rows add up to its Totals row).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Converter } from '../packages/server/src/converters/converter.types';
import { pdfToDocx } from '../packages/server/src/converters/pdf-to-docx';
import { pdfToXlsx } from '../packages/server/src/converters/pdf-to-xlsx';
import { columnTotalsAgree } from '../packages/server/src/testing/column-totals';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR, REPO_CORPUS_DIR } from '../packages/server/src/testing/corpus';
import {
  docxGrids,
  expectedTables,
  mean,
  tableScores,
  xlsxGrids,
} from '../packages/server/src/testing/table-scores';
import type { QualityRow } from './quality-table';

async function convertedFile(
  converter: Converter,
  source: string,
): Promise<{ path: string; done(): Promise<void> }> {
  const job = await makeConverterContext(source, {}, 600_000);
  const [file] = await convertAsSent(converter, job.ctx);
  return { path: file?.path ?? '', done: job.cleanup };
}

function tableDocuments(): { corpus: string; dir: string; name: string }[] {
  return [
    { corpus: 'shared', dir: join(CORPUS_DIR, 'pdf-tables') },
    { corpus: 'repo', dir: join(REPO_CORPUS_DIR, 'pdf-tables') },
  ].flatMap(({ corpus, dir }) =>
    readdirSync(dir)
      .filter((name) => name.endsWith('.pdf'))
      .sort()
      .map((name) => ({ corpus, dir, name })),
  );
}

export async function tableCellAccuracy(): Promise<QualityRow[]> {
  const rows: QualityRow[] = [];
  for (const { corpus, dir, name } of tableDocuments()) {
    const source = join(dir, name);
    const document = `${corpus}: pdf-tables/${name}`;
    const xlsx = await convertedFile(pdfToXlsx, source);
    const sheets = await xlsxGrids(xlsx.path);
    await xlsx.done();
    const expected = expectedTables(source);
    if (expected.length === 0) {
      const totals = columnTotalsAgree(sheets);
      if (totals)
        rows.push({ measure: 'column totals (xlsx)', document, value: totals.share, note: totals.note });
      continue;
    }
    const docx = await convertedFile(pdfToDocx, source);
    const tables = docxGrids(docx.path);
    await docx.done();
    const note = `${expected.length} table(s), ICDAR/camelot truth`;
    rows.push({ measure: 'table cells (xlsx)', document, value: mean(tableScores(expected, sheets)), note });
    rows.push({ measure: 'table cells (docx)', document, value: mean(tableScores(expected, tables)), note });
  }
  const xlsxRows = rows.filter((r) => r.measure === 'table cells (xlsx)');
  rows.push({
    measure: 'table cells (xlsx)',
    document: 'mean of the documents above',
    value: mean(xlsxRows.map((r) => r.value)),
  });
  return rows;
}
