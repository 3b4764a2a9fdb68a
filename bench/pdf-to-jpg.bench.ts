/**
 * PDF to JPG against `pdftoppm -jpeg` on the same 117-page PDF, at equal quality (95) and resolution
 * (150 dpi), runs interleaved, medians: through HTTP (upload, render, encode, encrypted storage of
 * every page) and the converter alone. Goal: pages/s ÷ pdftoppm's ≥ 1.0. Also the streamed answer
 * (`Accept: application/x-ndjson`): when its first page arrives, and its whole time against the plain
 * answer's. Prints, never asserts.
 */
import { execFile } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { pdfToJpg } from '../packages/server/src/converters/pdf-to-jpg';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { startTestServer } from '../packages/server/src/testing/test-server';
import { reportGoal } from './goals';
import { median } from './median';

const exec = promisify(execFile);
const SOURCE = join(CORPUS_DIR, 'pdf/GeoTopo-komprimiert.pdf');
const QUALITY = '95';
const DPI = '150';
const RUNS = 5;

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return (performance.now() - start) / 1000;
}

/** Bytes of the last run's JPGs, ours and pdftoppm's: equal quality shows as about equal sizes. */
const bytes = { ours: 0, poppler: 0 };

async function totalBytes(paths: string[]): Promise<number> {
  const sizes = await Promise.all(paths.map(async (path) => (await stat(path)).size));
  return sizes.reduce((sum, size) => sum + size, 0);
}

async function pdftoppm(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-pdftoppm-'));
  try {
    // pdftoppm's own default quality is lower (and cheaper): the same quality as ours is asked
    await exec('pdftoppm', ['-jpeg', '-jpegopt', `quality=${QUALITY}`, '-r', DPI, SOURCE, join(dir, 'page')]);
    bytes.poppler = await totalBytes((await readdir(dir)).map((name) => join(dir, name)));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function converterAlone(): Promise<void> {
  const job = await makeConverterContext(SOURCE, { Dpi: DPI, Quality: QUALITY }, 600_000);
  try {
    const files = await convertAsSent(pdfToJpg, job.ctx);
    bytes.ours = await totalBytes(files.map((file) => file.path));
  } finally {
    await job.cleanup();
  }
}

export default async function (): Promise<void> {
  const pages = Number((await exec('qpdf', ['--show-npages', SOURCE])).stdout.trim());
  const server = await startTestServer();
  const viaHttp = async (): Promise<void> => {
    const answer = await server.convert('pdf/to/jpg', { StoreFile: 'true', Dpi: DPI, Quality: QUALITY }, [
      SOURCE,
    ]);
    if (answer.status !== 200 || answer.body.Files?.length !== pages)
      throw new Error(`pdf/to/jpg answered ${answer.status}: ${answer.body.Message ?? ''}`);
  };
  /** The streamed answer: seconds to its first page line and to its end. */
  const viaStream = async (): Promise<{ first: number; whole: number }> => {
    const form = new FormData();
    form.set('File', await openAsBlob(SOURCE), 'book.pdf');
    for (const [name, value] of Object.entries({ Dpi: DPI, Quality: QUALITY })) form.set(name, value);
    const start = performance.now();
    const answer = await server.request('/api/convert/pdf/to/jpg', {
      method: 'POST',
      headers: { accept: 'application/x-ndjson' },
      body: form,
    });
    let first = 0;
    let text = '';
    const decoder = new TextDecoder();
    for await (const chunk of answer.body as AsyncIterable<Uint8Array>) {
      if (first === 0) first = performance.now() - start;
      text += decoder.decode(chunk, { stream: true });
    }
    const lines = text.trim().split('\n');
    if (answer.status !== 200 || lines.length !== pages + 1)
      throw new Error(`streamed pdf/to/jpg answered ${answer.status} with ${lines.length} lines`);
    return { first: first / 1000, whole: (performance.now() - start) / 1000 };
  };
  const times = {
    http: [] as number[],
    converter: [] as number[],
    poppler: [] as number[],
    streamFirst: [] as number[],
    streamWhole: [] as number[],
  };
  try {
    await viaHttp(); // warm: worker threads started, MuPDF loaded
    for (let run = 0; run < RUNS; run += 1) {
      times.poppler.push(await timed(pdftoppm));
      times.http.push(await timed(viaHttp));
      times.poppler.push(await timed(pdftoppm));
      times.converter.push(await timed(converterAlone));
      const streamed = await viaStream();
      times.streamFirst.push(streamed.first);
      times.streamWhole.push(streamed.whole);
    }
  } finally {
    await server.close();
  }
  const rate = (seconds: number[]): number => pages / median(seconds);
  const poppler = rate(times.poppler);
  console.log(`${pages} pages, ${DPI} dpi, quality ${QUALITY}, median of ${RUNS} interleaved runs`);
  console.log(`pdftoppm -jpeg:            ${poppler.toFixed(1)} pages/s`);
  console.log(`pdf/to/jpg via HTTP:       ${rate(times.http).toFixed(1)} pages/s`);
  console.log(`pdf/to/jpg converter:      ${rate(times.converter).toFixed(1)} pages/s`);
  console.log(`ratio HTTP ÷ pdftoppm:      ${(rate(times.http) / poppler).toFixed(2)} (goal ≥ 1.0)`);
  console.log(`ratio converter ÷ pdftoppm: ${(rate(times.converter) / poppler).toFixed(2)}`);
  reportGoal({
    name: 'PDF to JPG via HTTP: pages/s ÷ pdftoppm',
    value: rate(times.http) / poppler,
    atLeast: 1,
  });
  console.log(
    `streamed answer:            first page after ${median(times.streamFirst).toFixed(2)} s, all ${pages} after ${median(times.streamWhole).toFixed(2)} s (${(median(times.streamWhole) / median(times.http)).toFixed(2)}× the plain answer's time)`,
  );
  const kb = (total: number): string => `${(total / pages / 1024).toFixed(0)} KB`;
  console.log(`JPG size a page:            ours ${kb(bytes.ours)}, pdftoppm ${kb(bytes.poppler)}`);
}
