/**
 * Word F1 of pdf/to/docx (read back as text by LibreOffice): born-digital documents against
 * pdftotext of the same file, and the document whose font has no Unicode map against its text.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pdfToDocx } from '../packages/server/src/converters/pdf-to-docx';
import { wordF1 } from '../packages/server/src/engines/pdf-structure';
import { libreOfficeText } from '../packages/server/src/engines/pdf-structure/office-readback';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR, REPO_CORPUS_DIR } from '../packages/server/src/testing/corpus';
import type { QualityRow } from './quality-table';

const DOCUMENTS: { corpus: string; file: string; reference: 'pdftotext' | string }[] = [
  { corpus: 'shared', file: 'pdf/crazyones.pdf', reference: 'pdftotext' },
  { corpus: 'shared', file: 'pdf/pdflatex-4-pages.pdf', reference: 'pdftotext' },
  { corpus: 'shared', file: 'pdf/multicolumn.pdf', reference: 'pdftotext' },
  { corpus: 'shared', file: 'pdf/tagged.pdf', reference: 'pdftotext' },
  {
    corpus: 'repo',
    file: 'pdf-unmapped/udhr-cs-no-tounicode.pdf',
    reference: 'pdf-unmapped/udhr-cs-no-tounicode.expected.txt',
  },
];

export async function docxWordF1(): Promise<QualityRow[]> {
  const rows: QualityRow[] = [];
  for (const { corpus, file, reference } of DOCUMENTS) {
    const dir = corpus === 'shared' ? CORPUS_DIR : REPO_CORPUS_DIR;
    const source = join(dir, file);
    const job = await makeConverterContext(source, {}, 600_000);
    const [docx] = await convertAsSent(pdfToDocx, job.ctx);
    const expected =
      reference === 'pdftotext'
        ? execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' })
        : readFileSync(join(dir, reference), 'utf8');
    const { f1 } = wordF1(expected, libreOfficeText(docx?.path ?? ''));
    rows.push({
      measure: 'word F1 (docx)',
      document: `${corpus}: ${file}`,
      value: f1,
      note: `against ${reference === 'pdftotext' ? 'pdftotext' : 'its text'}`,
    });
    await job.cleanup();
  }
  return rows;
}
