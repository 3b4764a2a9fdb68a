/**
 * PDF tools against their bare engines, side by side in one run:
 * - merging 50 real PDFs through the merge converter (qpdf + bookmark rebuild), through the HTTP server
 *   (upload, checks, storage, download), and with the `qpdf` command alone;
 * - compress output size of each preset against `gs -dPDFSETTINGS=/ebook` alone, on real files.
 * Prints ratios, never asserts (benches are not tests).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import type { ConverterContext } from '../packages/server/src/converters/converter.types';
import { pdfCompressConverter } from '../packages/server/src/converters/pdf-compress';
import { pdfMergeConverter } from '../packages/server/src/converters/pdf-merge';
import type { SentParameters } from '../packages/server/src/converters/tool-parameters';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { startTestServer } from '../packages/server/src/testing/test-server';

const exec = promisify(execFile);
const CORPUS = CORPUS_DIR;
const MERGE_SOURCES = [
  'pdf/pdflatex-4-pages.pdf',
  'pdf/pdflatex-outline.pdf',
  'pdf/crazyones.pdf',
  'pdf/multicolumn.pdf',
  'pdf/tagged.pdf',
  'pdf/scotus-transcript-p1.pdf',
  'pdf/libreoffice-form.pdf',
  'pdf-tables/foo.pdf',
  'pdf-scanned/linn.pdf',
  'pdf/habibi-rotated.pdf',
];
const COMPRESS_SOURCES = [
  'pdf-scanned/camelot-image-table.pdf',
  'pdf-scanned/multipage.pdf',
  'pdf/GeoTopo-komprimiert.pdf',
  'pdf/pdf2docx-demo-text.pdf',
];
const RUNS = 3;

const ms = (value: number): string => `${value.toFixed(0)} ms`;
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`;

async function median(run: () => Promise<void>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
}

async function context(workDir: string, paths: readonly string[], params: Record<string, string>) {
  const files = [];
  for (const [index, source] of paths.entries()) {
    const path = join(workDir, `in-${index}.pdf`);
    await copyFile(source, path);
    files.push({ path, fileName: basename(source), ext: 'pdf', size: (await stat(path)).size });
  }
  const ctx: ConverterContext<SentParameters> = {
    files,
    params,
    workDir,
    signal: new AbortController().signal,
    deadlineAt: Date.now() + 300_000,
  };
  return ctx;
}

async function benchMerge(root: string): Promise<void> {
  const inputs = Array.from({ length: 50 }, (_, i) =>
    join(CORPUS, MERGE_SOURCES[i % MERGE_SOURCES.length] ?? ''),
  );
  const qpdfOut = join(root, 'qpdf-merged.pdf');
  const qpdfTime = await median(async () => {
    await exec('qpdf', ['--empty', '--pages', ...inputs, '--', qpdfOut]);
  });
  let pages = 0;
  const converterTime = await median(async () => {
    const workDir = await mkdtemp(join(root, 'merge-'));
    const [result] = await convertAsSent(pdfMergeConverter, await context(workDir, inputs, {}));
    pages = Number((await exec('qpdf', ['--show-npages', result?.path ?? ''])).stdout.trim());
    await rm(workDir, { recursive: true, force: true });
  });
  const server = await startTestServer();
  let httpTime = 0;
  try {
    httpTime = await median(async () => {
      const answer = await server.convert('pdf/to/merge', { StoreFile: 'true' }, inputs);
      if (answer.status !== 200) throw new Error(`merge answered ${answer.status}: ${answer.body.Message}`);
      await server.download(answer.body.Files?.[0]?.Url ?? '');
    });
  } finally {
    await server.close();
  }
  console.log(`merge 50 PDFs (${pages} pages), median of ${RUNS}:`);
  console.log(`  qpdf alone             ${ms(qpdfTime)}`);
  console.log(
    `  merge converter        ${ms(converterTime)}  (${(converterTime / qpdfTime).toFixed(2)}x qpdf)`,
  );
  console.log(`  HTTP server + download ${ms(httpTime)}  (${(httpTime / qpdfTime).toFixed(2)}x qpdf)`);
}

async function benchCompress(root: string): Promise<void> {
  console.log('compress output size (smaller is better), converter presets vs gs /ebook alone:');
  console.log('  file                          input     gs-ebook  text      web       ebook     printer');
  for (const source of COMPRESS_SOURCES) {
    const input = join(CORPUS, source);
    const gsOut = join(root, 'gs-ebook.pdf');
    await exec('gs', [
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dQUIET',
      '-sDEVICE=pdfwrite',
      '-dPDFSETTINGS=/ebook',
      `-sOutputFile=${gsOut}`,
      '-f',
      input,
    ]);
    const sizes: string[] = [];
    for (const preset of ['text', 'web', 'ebook', 'printer']) {
      const workDir = await mkdtemp(join(root, 'compress-'));
      const [result] = await convertAsSent(
        pdfCompressConverter,
        await context(workDir, [input], { Preset: preset }),
      );
      sizes.push(kb((await stat(result?.path ?? '')).size).padEnd(10));
      await rm(workDir, { recursive: true, force: true });
    }
    const inputSize = (await stat(input)).size;
    const gsSize = (await stat(gsOut)).size;
    console.log(
      `  ${basename(source).padEnd(30)}${kb(inputSize).padEnd(10)}${kb(gsSize).padEnd(10)}${sizes.join('')}`,
    );
  }
}

export default async function benchPdfTools(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'docstudio-bench-pdf-'));
  try {
    await benchMerge(root);
    await benchCompress(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
