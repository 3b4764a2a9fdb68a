/**
 * OCR character error per language (pdf/to/ocr read back by pdftotext), and how much text PDF/A and
 * compress keep: the share of pages whose characters (whitespace aside) pdftotext reads unchanged.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Converter } from '../packages/server/src/converters/converter.types';
import { pdfCompressConverter } from '../packages/server/src/converters/pdf-compress/pdf-compress.converter';
import { characterErrorRate } from '../packages/server/src/converters/pdf-ocr/ocr.testing';
import { pdfOcrConverter } from '../packages/server/src/converters/pdf-ocr/pdf-ocr.converter';
import { pdfToPdfaConverter } from '../packages/server/src/converters/pdf-to-pdfa/pdf-to-pdfa.converter';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR, REPO_CORPUS_DIR } from '../packages/server/src/testing/corpus';
import type { QualityRow } from './quality-table';

const corpusPath = (corpus: 'shared' | 'repo', file: string): string =>
  join(corpus === 'shared' ? CORPUS_DIR : REPO_CORPUS_DIR, file);

/** Runs one converter on one file and hands its first result's path to `read` before cleaning up. */
async function converted<Params, T>(
  converter: Converter<Params>,
  source: string,
  params: Record<string, string>,
  read: (path: string) => T,
): Promise<T> {
  const job = await makeConverterContext(source, params, 600_000);
  try {
    const [result] = await convertAsSent(converter, job.ctx);
    return read(result?.path ?? '');
  } finally {
    await job.cleanup();
  }
}

const OCR_DOCUMENTS = [
  {
    corpus: 'repo',
    file: 'pdf-scanned/francais.pdf',
    truth: 'pdf-scanned/francais.expected.txt',
    language: 'fr',
  },
  // the same French scan read as English: what the language choice is worth
  {
    corpus: 'repo',
    file: 'pdf-scanned/francais.pdf',
    truth: 'pdf-scanned/francais.expected.txt',
    language: 'en',
  },
] as const;

export async function ocrCharacterError(): Promise<QualityRow[]> {
  const rows: QualityRow[] = [];
  for (const { corpus, file, truth, language } of OCR_DOCUMENTS) {
    const text = await converted(pdfOcrConverter, corpusPath(corpus, file), { Language: language }, (path) =>
      execFileSync('pdftotext', ['-raw', path, '-'], { encoding: 'utf8' }),
    );
    rows.push({
      measure: `OCR CER (${language})`,
      document: `${corpus}: ${file}`,
      value: characterErrorRate(text, readFileSync(corpusPath(corpus, truth), 'utf8')),
      note: 'character error rate against the ground truth (lower is better)',
    });
  }
  return rows;
}

/** Every page's characters as pdftotext reads them, whitespace removed. */
function pageCharacters(path: string): string[] {
  // -layout: text in its place on the page, so a rewrite that only reorders drawing reads the same
  return execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' })
    .split('\f')
    .slice(0, -1) // pdftotext ends every page, the last too, with a form feed
    .map((page) => page.normalize('NFC').replace(/\s+/g, ''));
}

function sharePagesKept(source: string, output: string): number {
  const before = pageCharacters(source);
  const after = pageCharacters(output);
  return before.filter((page, index) => page === after[index]).length / Math.max(1, before.length);
}

const KEPT_DOCUMENTS = [
  { corpus: 'shared', file: 'pdf/pdflatex-outline.pdf' },
  { corpus: 'shared', file: 'pdf/tagged.pdf' },
  { corpus: 'repo', file: 'pdf/word-highlight-annotations.pdf' },
  { corpus: 'repo', file: 'pdf/cyrillic-cidrange-tounicode.pdf' },
  // page content drawn with alpha, soft masks and blend modes (PDF/A-1 flattens just those areas)
  { corpus: 'repo', file: 'pdf/tcpdf-alpha-transparency.pdf' },
  { corpus: 'repo', file: 'pdf/tcpdf-blend-modes.pdf' },
] as const;

export async function textKept(): Promise<QualityRow[]> {
  const rows: QualityRow[] = [];
  const kept =
    <Params>(converter: Converter<Params>, params: Record<string, string>) =>
    (source: string): Promise<number> =>
      converted(converter, source, params, (path) => sharePagesKept(source, path));
  const runs = [
    { measure: 'text kept (PDF/A-1b)', keptShare: kept(pdfToPdfaConverter, { PdfaVersion: 'PdfA1b' }) },
    { measure: 'text kept (PDF/A-2b)', keptShare: kept(pdfToPdfaConverter, { PdfaVersion: 'PdfA2b' }) },
    { measure: 'text kept (compress ebook)', keptShare: kept(pdfCompressConverter, { Preset: 'ebook' }) },
  ];
  for (const { measure, keptShare } of runs) {
    for (const { corpus, file } of KEPT_DOCUMENTS) {
      const value = await keptShare(corpusPath(corpus, file));
      rows.push({
        measure,
        document: `${corpus}: ${file}`,
        value,
        note: 'pages whose text pdftotext reads unchanged',
      });
    }
  }
  return rows;
}
