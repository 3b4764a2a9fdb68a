/**
 * OCR and redaction. Speed: pdf/to/ocr (own page pipeline: pdftoppm + Tesseract text-only PDF + qpdf
 * overlay, two pages at a time, OMP_THREAD_LIMIT=1), the same through OCRmyPDF (--jobs 2, the
 * alternative it was chosen over), and pdf/to/txt, in seconds per page, against
 * Tesseract with its default OpenMP threads on one page of the same document in the same run (ratio).
 * Quality: character error rate of the searchable PDF's text layer on a 300 dpi render of known text,
 * and word-level recall / precision of pdf/to/redact on a document seeded with known personal data.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConverterContext } from '../packages/server/src/converters/converter.types';
import { pdfOcrConverter } from '../packages/server/src/converters/pdf-ocr';
import { characterErrorRate, imageOnlyPdf } from '../packages/server/src/converters/pdf-ocr/ocr.testing';
import { pdfRedactConverter } from '../packages/server/src/converters/pdf-redact';
import {
  FORM_FIELD_VALUE,
  redactionQuality,
  SEEDED_PII,
  seededPiiPdf,
} from '../packages/server/src/converters/pdf-redact/seeded-pii.testing';
import { pdfToTxtConverter } from '../packages/server/src/converters/pdf-to-txt';
import type { SentParameters } from '../packages/server/src/converters/tool-parameters';
import { makeSearchablePdf } from '../packages/server/src/engines/tesseract';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';

const corpus = CORPUS_DIR;
const PAGES = 4;

async function context(
  workDir: string,
  path: string,
  params: Record<string, string> = {},
): Promise<ConverterContext<SentParameters>> {
  const { size } = await stat(path);
  const jobDir = await mkdtemp(join(workDir, 'job-'));
  return {
    files: [{ path, fileName: 'bench.pdf', ext: 'pdf', size }],
    params,
    workDir: jobDir,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 600_000,
  };
}

const seconds = (started: number): number => (performance.now() - started) / 1000;

function tesseractOnePage(png: string, threads: 'default' | 'one'): number {
  const env = { ...process.env };
  delete env.OMP_THREAD_LIMIT;
  if (threads === 'one') env.OMP_THREAD_LIMIT = '1';
  const started = performance.now();
  execFileSync('tesseract', [png, 'stdout', '-l', 'eng'], { env, stdio: ['ignore', 'ignore', 'ignore'] });
  return seconds(started);
}

async function ocrSpeedAndQuality(workDir: string): Promise<void> {
  const text = join(corpus, 'pdf/crazyones.pdf');
  const repeated = join(workDir, 'repeated.pdf');
  execFileSync('qpdf', ['--empty', '--pages', ...Array.from({ length: PAGES }, () => text), '--', repeated]);
  const scanned = join(workDir, 'scanned.pdf');
  await imageOnlyPdf(repeated, scanned, workDir);

  let started = performance.now();
  const [searchable] = await convertAsSent(
    pdfOcrConverter,
    await context(workDir, scanned, { Language: 'en' }),
  );
  const ocrPerPage = seconds(started) / PAGES;
  started = performance.now();
  const viaOcrmypdf = await mkdtemp(join(workDir, 'ocrmypdf-'));
  await makeSearchablePdf(scanned, join(viaOcrmypdf, 'out.pdf'), {
    models: ['eng'],
    jobs: 2,
    timeoutMs: 600_000,
    tempDir: viaOcrmypdf,
  });
  const ocrmypdfPerPage = seconds(started) / PAGES;
  started = performance.now();
  await convertAsSent(pdfToTxtConverter, await context(workDir, scanned, { Language: 'en' }));
  const txtPerPage = seconds(started) / PAGES;

  execFileSync('pdftoppm', [
    '-r',
    '300',
    '-gray',
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    scanned,
    join(workDir, 'page'),
  ]);
  const png = join(workDir, 'page.png');
  const defaultThreads = tesseractOnePage(png, 'default');
  const oneThread = tesseractOnePage(png, 'one');

  console.log(
    `pdf/to/ocr (page pipeline, 2 pages at once):        ${ocrPerPage.toFixed(2)} s/page (${PAGES} pages)`,
  );
  console.log(`same via ocrmypdf --jobs 2, OMP_THREAD_LIMIT=1:      ${ocrmypdfPerPage.toFixed(2)} s/page`);
  console.log(`pdf/to/txt (pdftoppm + tesseract, 2 pages at once): ${txtPerPage.toFixed(2)} s/page`);
  console.log(`tesseract alone, one page, default threads:         ${defaultThreads.toFixed(2)} s`);
  console.log(`tesseract alone, one page, OMP_THREAD_LIMIT=1:      ${oneThread.toFixed(2)} s`);
  console.log(
    `ratio default-threads page / pdf/to/ocr page:       ${(defaultThreads / ocrPerPage).toFixed(2)}x`,
  );
  console.log(
    `ratio default-threads page / pdf/to/txt page:       ${(defaultThreads / txtPerPage).toFixed(2)}x`,
  );

  const layer = execFileSync('pdftotext', ['-raw', '-f', '1', '-l', '1', searchable?.path ?? '', '-'], {
    encoding: 'utf8',
  });
  const truth = await readFile(join(corpus, 'pdf/crazyones.expected.txt'), 'utf8');
  console.log(
    `CER of the text layer (300 dpi render, eng):       ${(characterErrorRate(layer, truth) * 100).toFixed(2)}%`,
  );
}

async function redactionQualityFigures(workDir: string): Promise<void> {
  const source = join(workDir, 'seeded.pdf');
  await seededPiiPdf(source);
  const pii = [...SEEDED_PII.map((item) => item.value), FORM_FIELD_VALUE];
  const before = execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' });
  for (const preset of ['auto', 'gdpr', 'hipaa', 'glba']) {
    const started = performance.now();
    const [result] = await convertAsSent(
      pdfRedactConverter,
      await context(workDir, source, { Preset: preset }),
    );
    const took = seconds(started);
    const after = execFileSync('pdftotext', [result?.path ?? '', '-'], { encoding: 'utf8' });
    const { recall, precision } = redactionQuality(before, after, pii);
    console.log(
      `redact ${preset.padEnd(5)} seeded page: recall ${(recall * 100).toFixed(1)}%, precision ${(precision * 100).toFixed(1)}%, ${took.toFixed(2)} s`,
    );
  }
  const scanned = join(workDir, 'seeded-scan.pdf');
  await imageOnlyPdf(source, scanned, workDir);
  const started = performance.now();
  const [result] = await convertAsSent(
    pdfRedactConverter,
    await context(workDir, scanned, { Preset: 'auto' }),
  );
  const took = seconds(started);
  execFileSync('pdftoppm', [
    '-r',
    '300',
    '-gray',
    '-png',
    '-singlefile',
    result?.path ?? '',
    join(workDir, 'reread'),
  ]);
  const reread = execFileSync('tesseract', [join(workDir, 'reread.png'), 'stdout'], {
    encoding: 'utf8',
    env: { ...process.env, OMP_THREAD_LIMIT: '1' },
    stdio: ['ignore', 'pipe', 'ignore'],
  }).replace(/\s+/g, ' ');
  const left = pii.filter((value) => reread.includes(value)).length;
  console.log(
    `redact auto, scanned page (OCR): ${pii.length - left}/${pii.length} items unreadable, ${took.toFixed(2)} s`,
  );
}

export default async function (): Promise<void> {
  const workDir = await mkdtemp(join(tmpdir(), 'bench-ocr-redact-'));
  try {
    await ocrSpeedAndQuality(workDir);
    await redactionQualityFigures(workDir);
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}
