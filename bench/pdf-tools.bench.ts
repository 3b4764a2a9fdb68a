/**
 * PDF tools against their bare engines, side by side in one run (runs interleaved, medians):
 * - merging 50 real PDFs (distinct files, as uploads are) with `qpdf --empty --pages` alone, through the merge converter (qpdf +
 *   bookmarks) and through the compiled server in its own process, as `npm start` runs it (upload,
 *   checks, storage, download). Goal: HTTP ÷ qpdf ≤ 1.3. Beside them the floor of the transport alone:
 *   the same 50-part upload to a bare Node HTTP server in its own process that reads and drops it, and
 *   the download of the merged file from it (no parsing, no storage, no engine).
 *   Each HTTP figure twice, with two clients: Node's fetch with a FormData of file blobs (what the
 *   studio's own code does; the goal's figure) and curl (a process per call, as qpdf is, and what an
 *   API user scripts with): the transport alone is faster with curl, the whole merge is not.
 * - compress (Preset ebook, the converter) against `gs -dPDFSETTINGS=/ebook` alone on real files: time
 *   and size, summed over the files. Goals: time ÷ gs ≤ 1.2, size ÷ gs ≤ 1.0.
 * - the table that chose compress's lossless pass (compress-levels.ts).
 * COMPRESS_BASELINE_DIR=<another checkout of the repository> adds that checkout's compress converter
 * to the interleaved runs (before/after in one run; e.g. `git worktree add /tmp/base <commit>` with a
 * node_modules link to this one's).
 * Prints ratios, never asserts (benches are not tests).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { copyFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { pdfCompressConverter } from '../packages/server/src/converters/pdf-compress';
import { pdfMergeConverter } from '../packages/server/src/converters/pdf-merge';
import { withEnginePreloads } from '../packages/server/src/engines/engine-preloads';
import { assemblyEnv } from '../packages/server/src/engines/qpdf';
import { exitAfterWriteLibrary } from '../packages/server/src/engines/qpdf-exit/exit-after-write';
import { seekInBufferLibrary } from '../packages/server/src/engines/stdio-seek/seek-in-buffer';
import { convertAsSent } from '../packages/server/src/testing/convert-as-sent';
import { makeConverterContext } from '../packages/server/src/testing/converter-context';
import { CORPUS_DIR, MERGE_SET } from '../packages/server/src/testing/corpus';
import { startServerProcess } from '../packages/server/src/testing/server-process';
import { printCompressionLevels } from './compress-levels';
import { reportGoal } from './goals';
import { median } from './median';

const exec = promisify(execFile);
export const COMPRESS_SOURCES = [
  'pdf-scanned/camelot-image-table.pdf',
  'pdf-scanned/multipage.pdf',
  'pdf/GeoTopo-komprimiert.pdf',
  'pdf/pdf2docx-demo-text.pdf',
].map((source) => join(CORPUS_DIR, source));
const RUNS = 3;
/** A merge run takes well under a second, and its HTTP time varies by ±15% run to run on 2 cores. */
const MERGE_RUNS = 9;
const repository = fileURLToPath(new URL('..', import.meta.url));

async function timed(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

const ms = (value: number): string => `${value.toFixed(0)} ms`.padStart(9);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KB`.padStart(9);

export async function benchMerge(root: string): Promise<void> {
  const sources = Array.from({ length: 50 }, (_, i) => MERGE_SET[i % MERGE_SET.length] ?? '');
  // 50 distinct files, as the server receives them: qpdf opens a path named twice only once (and
  // shares its objects), so repeated paths would measure a smaller merge than the server's
  const inputs: string[] = [];
  for (const [index, source] of sources.entries()) {
    inputs.push(join(root, `merge-input-${index}.pdf`));
    await copyFile(source, inputs[index] ?? '');
  }
  const qpdfOut = join(root, 'qpdf-merged.pdf');
  const qpdf = async () => {
    await exec('qpdf', ['--empty', '--pages', ...inputs, '--', qpdfOut]);
  };
  // what the server runs for 10 files and more: the same qpdf on jemalloc and huge pages
  // (engines/qpdf.ts), with the libraries the server preloads into qpdf (engines/engine-preloads.ts,
  // exit-after-write.so for assemblies) when the server's build made them
  const qpdfJemalloc = async () => {
    await exec('qpdf', ['--empty', '--pages', ...inputs, '--', join(root, 'qpdf-jemalloc.pdf')], {
      env: { ...process.env, ...withEnginePreloads('qpdf', assemblyEnv(inputs.length)) },
    });
  };
  const qpdfRepeated = async () => {
    await exec('qpdf', ['--empty', '--pages', ...sources, '--', join(root, 'qpdf-repeated.pdf')]);
  };
  const files = await Promise.all(
    inputs.map(async (path) => ({
      path,
      fileName: basename(path),
      ext: 'pdf',
      size: (await stat(path)).size,
    })),
  );
  const converter = async () => {
    // the converter only reads its inputs: it works on the corpus files in place
    const workDir = await mkdtemp(join(root, 'merge-'));
    const signal = new AbortController().signal;
    try {
      await convertAsSent(pdfMergeConverter, {
        files,
        params: {},
        workDir,
        signal,
        deadlineAt: Date.now() + 300_000,
      });
    } finally {
      await rm(workDir, { recursive: true, force: true });
    }
  };
  // the server as `npm start` runs it, in its own process: an in-process client (FormData, fetch) would
  // share the server's event loop and charge the server for the client's work
  execFileSync('npm', ['run', 'build', '--workspace', '@docstudio/server'], {
    cwd: repository,
    stdio: 'ignore',
  });
  const dataDir = await mkdtemp(join(root, 'merge-server-'));
  const server = await startServerProcess(dataDir, { RATE_LIMIT_PER_MINUTE: '1000000' }, { compiled: true });
  const token = await server.token();
  /** The 50 inputs as the studio sends them: Files[0..49]. */
  const mergeForm = async (): Promise<FormData> => {
    const form = new FormData();
    for (const [index, path] of inputs.entries())
      form.append(`Files[${index}]`, await openAsBlob(path, { type: 'application/pdf' }), basename(path));
    return form;
  };
  const viaHttp = async () => {
    const form = await mergeForm();
    form.append('StoreFile', 'true');
    const answer = await fetch(`${server.apiUrl}/convert/pdf/to/merge`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await answer.json()) as { Files?: { Url: string }[]; Message?: string };
    if (answer.status !== 200) throw new Error(`merge answered ${answer.status}: ${body.Message}`);
    const download = await fetch(body.Files?.[0]?.Url ?? '', {
      headers: { authorization: `Bearer ${token}` },
    });
    await download.arrayBuffer();
  };
  const authorization = `Authorization: Bearer ${token}`;
  /** curl's form: the same 50 parts, the same names and types. */
  const curlForm = inputs.flatMap((path, index) => ['-F', `Files[${index}]=@${path};type=application/pdf`]);
  const curlHttp = async () => {
    const sent = await exec('curl', [
      ...['-sS', '--fail-with-body', '-H', authorization],
      ...[...curlForm, '-F', 'StoreFile=true'],
      `${server.apiUrl}/convert/pdf/to/merge`,
    ]);
    const url = (JSON.parse(sent.stdout) as { Files: { Url: string }[] }).Files[0]?.Url ?? '';
    await exec('curl', ['-sS', '--fail', '-H', authorization, '-o', '/dev/null', url]);
  };
  await qpdf(); // the merged file the bare server serves
  const bare = await startBareServer(qpdfOut);
  const transportOnly = async () => {
    await (await fetch(bare.url, { method: 'POST', body: await mergeForm() })).text();
    await (await fetch(bare.url)).arrayBuffer();
  };
  const curlTransportOnly = async () => {
    await exec('curl', ['-sS', '--fail', ...curlForm, bare.url]);
    await exec('curl', ['-sS', '--fail', '-o', '/dev/null', bare.url]);
  };
  const times = {
    qpdf: [] as number[],
    converter: [] as number[],
    http: [] as number[],
    repeated: [] as number[],
    transport: [] as number[],
    jemalloc: [] as number[],
    curlHttp: [] as number[],
    curlTransport: [] as number[],
  };
  try {
    await viaHttp(); // warm: engines, workers and the database ready
    await transportOnly(); // and the bare server's and the client's code compiled
    await curlHttp();
    for (let run = 0; run < MERGE_RUNS; run += 1) {
      times.qpdf.push(await timed(qpdf));
      times.http.push(await timed(viaHttp));
      times.qpdf.push(await timed(qpdf));
      times.converter.push(await timed(converter));
      times.repeated.push(await timed(qpdfRepeated));
      times.jemalloc.push(await timed(qpdfJemalloc));
      times.transport.push(await timed(transportOnly));
      times.curlHttp.push(await timed(curlHttp));
      times.curlTransport.push(await timed(curlTransportOnly));
    }
  } finally {
    server.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    await server.exited;
  }
  const pages = (await exec('qpdf', ['--show-npages', qpdfOut])).stdout.trim();
  const base = median(times.qpdf);
  const ratio = (values: number[]) => median(values) / base;
  console.log(`merge 50 PDFs (${pages} pages), medians of ${MERGE_RUNS} interleaved runs:`);
  console.log(
    `  qpdf --empty --pages   ${ms(base)}  (the same 10 paths repeated: ${ms(median(times.repeated))})`,
  );
  console.log(
    `  qpdf as server runs it ${ms(median(times.jemalloc))}  ${ratio(times.jemalloc).toFixed(2)}× qpdf (jemalloc and huge pages from 10 files on${seekInBufferLibrary() ? ', seek-in-buffer' : ''}${exitAfterWriteLibrary() ? ', exit after write' : ''})`,
  );
  console.log(
    `  merge converter        ${ms(median(times.converter))}  ${ratio(times.converter).toFixed(2)}× qpdf`,
  );
  console.log('  through HTTP, upload + merge + download (goal ≤ 1.3), and the transport alone (the same');
  console.log('  upload to a bare server that drops it, and the download), with each client:');
  console.log(
    `    Node fetch           ${ms(median(times.http))}  ${ratio(times.http).toFixed(2)}× qpdf, transport alone ${ms(median(times.transport))}  ${ratio(times.transport).toFixed(2)}×`,
  );
  console.log(
    `    curl                 ${ms(median(times.curlHttp))}  ${ratio(times.curlHttp).toFixed(2)}× qpdf, transport alone ${ms(median(times.curlTransport))}  ${ratio(times.curlTransport).toFixed(2)}×`,
  );
  // the goal is read with the studio's own client, as it always was; curl's figure is the cross-check
  reportGoal({ name: 'merge 50 PDFs via HTTP ÷ qpdf', value: ratio(times.http), atMost: 1.3 });
}

/**
 * A bare Node HTTP server in its own process: reads and drops what is posted, serves `file` on GET.
 * The floor under any server's HTTP merge: what moving the bytes costs, with no work on them.
 */
async function startBareServer(file: string): Promise<{ child: ChildProcess; url: string }> {
  const script = `
    const { createServer } = require('node:http');
    const body = require('node:fs').readFileSync(process.argv[1]);
    const server = createServer((request, response) => {
      if (request.method === 'POST') request.on('data', () => {}).on('end', () => response.end('{}'));
      else response.end(body);
    });
    server.listen(0, '127.0.0.1', () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ['-e', script, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout?.once('data', (data) => resolve(String(data).trim())),
  );
  return { child, url: `http://127.0.0.1:${port}/` };
}

async function gsEbook(input: string, output: string): Promise<void> {
  await exec('gs', [
    '-dSAFER',
    '-dBATCH',
    '-dNOPAUSE',
    '-dQUIET',
    '-sDEVICE=pdfwrite',
    '-dPDFSETTINGS=/ebook',
    `-sOutputFile=${output}`,
    '-f',
    input,
  ]);
}

type CompressConverter = typeof pdfCompressConverter;

/** Compresses `input` with Preset ebook through the converter; returns the result's size. */
async function compressOnce(
  input: string,
  converter: CompressConverter = pdfCompressConverter,
): Promise<number> {
  const job = await makeConverterContext(input, { Preset: 'ebook' }, 300_000);
  try {
    const [result] = await convertAsSent(converter, job.ctx);
    return (await stat(result?.path ?? '')).size;
  } finally {
    await job.cleanup();
  }
}

/** The compress converter of the checkout COMPRESS_BASELINE_DIR names, if any. */
async function baselineConverter(): Promise<CompressConverter | undefined> {
  const dir = process.env.COMPRESS_BASELINE_DIR;
  if (!dir) return undefined;
  const module = (await import(join(dir, 'packages/server/src/converters/pdf-compress/index.ts'))) as {
    pdfCompressConverter: CompressConverter;
  };
  return module.pdfCompressConverter;
}

export async function benchCompress(root: string): Promise<void> {
  console.log(
    `compress (Preset ebook, converter) vs gs -dPDFSETTINGS=/ebook, medians of ${RUNS} interleaved runs:`,
  );
  console.log('  file                           input   gs size  our size   gs time  our time  time ÷ gs');
  const totals = { gsTime: 0, ourTime: 0, gsSize: 0, ourSize: 0, baseTime: 0, baseSize: 0 };
  const baseline = await baselineConverter();
  await compressOnce(COMPRESS_SOURCES[0] ?? ''); // warm: MuPDF's worker threads started
  if (baseline) await compressOnce(COMPRESS_SOURCES[0] ?? '', baseline);
  for (const input of COMPRESS_SOURCES) {
    const gsOut = join(root, 'gs-ebook.pdf');
    let ourSize = 0;
    let baseSize = 0;
    const ours = async () => {
      ourSize = await compressOnce(input);
    };
    const times = { gs: [] as number[], ours: [] as number[], base: [] as number[] };
    for (let run = 0; run < RUNS; run += 1) {
      times.gs.push(await timed(() => gsEbook(input, gsOut)));
      const theirs = async () => {
        if (!baseline) return;
        times.base.push(
          await timed(async () => {
            baseSize = await compressOnce(input, baseline);
          }),
        );
      };
      // the baseline goes first every other run, so neither always follows Ghostscript
      if (run % 2 === 1) await theirs();
      times.ours.push(await timed(ours));
      if (run % 2 === 0) await theirs();
    }
    const gsSize = (await stat(gsOut)).size;
    const [gsTime, ourTime] = [median(times.gs), median(times.ours)];
    Object.assign(totals, {
      gsTime: totals.gsTime + gsTime,
      ourTime: totals.ourTime + ourTime,
      gsSize: totals.gsSize + gsSize,
      ourSize: totals.ourSize + ourSize,
    });
    const name = basename(input).slice(0, 28).padEnd(28);
    const size = (await stat(input)).size;
    console.log(
      `  ${name}${kb(size)}${kb(gsSize)}${kb(ourSize)}${ms(gsTime)}${ms(ourTime)}  ${(ourTime / gsTime).toFixed(2)}`,
    );
    if (baseline) {
      const baseTime = median(times.base);
      totals.baseTime += baseTime;
      totals.baseSize += baseSize;
      console.log(
        `  ${'  baseline checkout'.padEnd(28)}${' '.repeat(18)}${kb(baseSize)}${' '.repeat(9)}${ms(baseTime)}  ${(baseTime / gsTime).toFixed(2)}`,
      );
    }
  }
  const time = totals.ourTime / totals.gsTime;
  const size = totals.ourSize / totals.gsSize;
  console.log(
    `  all files: time ÷ gs ${time.toFixed(2)} (goal ≤ 1.2), size ÷ gs ${size.toFixed(2)} (goal ≤ 1.0)`,
  );
  if (baseline) {
    const [baseTime, baseSize] = [totals.baseTime / totals.gsTime, totals.baseSize / totals.gsSize];
    console.log(`  baseline checkout: time ÷ gs ${baseTime.toFixed(2)}, size ÷ gs ${baseSize.toFixed(2)}`);
  }
  reportGoal({ name: 'compress time ÷ gs /ebook', value: time, atMost: 1.2 });
  reportGoal({ name: 'compress size ÷ gs /ebook', value: size, atMost: 1 });
}

export default async function benchPdfTools(): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'docstudio-bench-pdf-'));
  try {
    await benchMerge(root);
    await benchCompress(root);
    await printCompressionLevels(root, COMPRESS_SOURCES);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
