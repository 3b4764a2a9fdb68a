/**
 * pdf/to/txt without a Language (the language found on the scan) against the English reading that
 * was the default before, on the repository corpus's French scan and a Czech page rendered to an
 * image-only PDF from the Czech UDHR file (its known text is the truth). Both readings run side by
 * side in this run; the detected reading's error is a goal.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { characterErrorRate, imageOnlyPdf } from '../packages/server/src/converters/pdf-ocr/ocr.testing';
import { pdfToTxtConverter } from '../packages/server/src/converters/pdf-to-txt/pdf-to-txt.converter';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { REPO_CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { reportGoal } from './goals';
import type { QualityRow } from './quality-table';

/** The text pdf/to/txt makes of `source` with these parameters. */
async function text(source: string, params: Record<string, string>): Promise<string> {
  const job = await makeConverterContext(source, params, 600_000);
  try {
    const [result] = await convertAsSent(pdfToTxtConverter, job.ctx);
    return await readFile(result?.path ?? '', 'utf8');
  } finally {
    await job.cleanup();
  }
}

export async function ocrWithoutLanguage(): Promise<QualityRow[]> {
  const work = await mkdtemp(join(tmpdir(), 'ocr-detection-'));
  try {
    const czechScan = join(work, 'udhr-cs-scan.pdf');
    await imageOnlyPdf(join(REPO_CORPUS_DIR, 'pdf-unmapped/udhr-cs-no-tounicode.pdf'), czechScan, work);
    const documents = [
      {
        name: 'French',
        document: 'repo: pdf-scanned/francais.pdf',
        source: join(REPO_CORPUS_DIR, 'pdf-scanned/francais.pdf'),
        truth: 'pdf-scanned/francais.expected.txt',
      },
      {
        name: 'Czech',
        document: 'repo: pdf-unmapped/udhr-cs-no-tounicode.pdf as a 300 dpi image',
        source: czechScan,
        truth: 'pdf-unmapped/udhr-cs-no-tounicode.expected.txt',
      },
    ];
    const rows: QualityRow[] = [];
    for (const { name, document, source, truth } of documents) {
      const expected = await readFile(join(REPO_CORPUS_DIR, truth), 'utf8');
      const asEnglish = characterErrorRate(await text(source, { Language: 'en' }), expected);
      const detected = characterErrorRate(await text(source, {}), expected);
      rows.push(
        {
          measure: 'OCR CER txt (en, the old default)',
          document,
          value: asEnglish,
          note: 'Language en sent',
        },
        {
          measure: 'OCR CER txt (no Language)',
          document,
          value: detected,
          note: 'language found on the scan',
        },
      );
      reportGoal({
        name: `OCR CER, ${name} scan without Language`,
        value: detected,
        atMost: 0.02,
        digits: 4,
      });
    }
    return rows;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
