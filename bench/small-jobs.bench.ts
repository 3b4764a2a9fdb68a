/**
 * Small jobs at the engines' floor (issue 19), side by side in one run against the server as
 * `npm start` runs it (the compiled server, built first, a child process, logs off, rate limit out
 * of the way):
 * - rotate a 1-page PDF through HTTP with 8 connections, against `qpdf --rotate` 8 at a time (xargs
 *   -P 8), the two interleaved round by round; medians of the rounds' rates, and their ratio (goal ≥ 0.5);
 * - the server's RSS (its process and every process under it) fresh — once its start-up warm-ups
 *   are done and it idles — against the same after 200 mixed PDF conversions (rotate, compress, JPG,
 *   merge, watermark, redact, split, protect, DOCX, text) (goal ≤ 1.2× fresh): once idle 15 s (the
 *   MuPDF workers ended, as fresh has none), and 2 s after the last job (workers still warm);
 * - what WORKER_IDLE_SECONDS trades: a second server with idle workers ended after 1.5 s instead of
 *   10 s, its RSS 2 s after the same 200 conversions, and on both servers a 4-page PDF to JPG sent
 *   3 s after the previous job (warm workers on the default, fresh ones on the other), medians.
 * SMALL_JOBS_SERVER_ROOT runs the server of another checkout (an older commit, to compare; built there too).
 * Prints figures and ratios, never asserts (benches are not tests).
 */
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { serverMemoryEnv } from '../packages/server/memory.mjs';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { reportGoal } from './goals';
import { median } from './median';
import { settled } from './process-cpu';

const exec = promisify(execFile);
const root = process.env.SMALL_JOBS_SERVER_ROOT ?? fileURLToPath(new URL('..', import.meta.url));
const CONNECTIONS = 8;
const JOBS_PER_ROUND = 96;
const ROUNDS = 5;
const MIXED_CONVERSIONS = 200;
const ONE_PAGE = join(CORPUS_DIR, 'pdf/crazyones.pdf');

const mb = (bytes: number): string => `${(bytes / (1024 * 1024)).toFixed(0)} MB`;

/** RSS of `pid` and every process below it (engines, helpers), from /proc. */
async function treeRss(pid: number): Promise<{ own: number; tree: number }> {
  const parents = new Map<number, number>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = await readFile(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
    } catch {
      // exited meanwhile
    }
  }
  const rssOf = async (id: number): Promise<number> => {
    try {
      const status = await readFile(`/proc/${id}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      return 0;
    }
  };
  const below = (id: number): number[] =>
    [...parents].filter(([, parent]) => parent === id).flatMap(([child]) => [child, ...below(child)]);
  const own = await rssOf(pid);
  let tree = own;
  for (const child of below(pid)) tree += await rssOf(child);
  return { own, tree };
}

async function startServer(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; base: string }> {
  execFileSync('npm', ['run', 'build', '--workspace', '@docstudio/server'], { cwd: root, stdio: 'ignore' });
  const child = spawn(process.execPath, ['packages/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...serverMemoryEnv(), // as npm start gives it (packages/server/memory.mjs)
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG: 'false',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString();
      const port = /listening on http:\/\/[^:]+:(\d+)/.exec(printed)?.[1];
      if (port) resolve(`http://127.0.0.1:${port}`);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  return { child, base };
}

/** Runs `jobs` calls of `job`, `parallel` at a time; returns the rate per second and each call's ms. */
async function atOnce(
  parallel: number,
  jobs: number,
  job: (index: number) => Promise<void>,
): Promise<{ perSecond: number; latencies: number[] }> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < jobs) {
        const index = next++;
        const t = performance.now();
        await job(index);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { perSecond: jobs / ((performance.now() - started) / 1000), latencies };
}

/**
 * The engine's floor: `qpdf --rotate` JOBS_PER_ROUND times, CONNECTIONS at a time, started by xargs
 * (a tiny parent, as a shell script would run it); returns ops/s.
 */
async function qpdfFromShell(dir: string, round: number): Promise<number> {
  const script = `seq ${JOBS_PER_ROUND} | xargs -P ${CONNECTIONS} -I{} qpdf --rotate=+90:1-z -- "$1" "$2/out-${round}-{}.pdf"`;
  const started = performance.now();
  await exec('sh', ['-c', script, 'sh', ONE_PAGE, dir]);
  return JOBS_PER_ROUND / ((performance.now() - started) / 1000);
}

interface Sent {
  endpoint: string;
  files: string[];
  params?: Record<string, string>;
}

function converter(base: string, token: string) {
  const bytes = new Map<string, Uint8Array<ArrayBuffer>>();
  return async ({ endpoint, files, params = {} }: Sent): Promise<void> => {
    const form = new FormData();
    for (const [index, path] of files.entries()) {
      if (!bytes.has(path)) bytes.set(path, new Uint8Array(await readFile(path)));
      const blob = new Blob([bytes.get(path) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
      form.append(files.length === 1 ? 'File' : `Files[${index}]`, blob, path.split('/').pop());
    }
    for (const [name, value] of Object.entries(params)) form.append(name, value);
    const answer = await fetch(`${base}/api/convert/${endpoint}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await answer.text();
    if (answer.status !== 200) throw new Error(`${endpoint}: ${answer.status} ${text.slice(0, 200)}`);
  };
}

const pdf = (name: string): string => join(CORPUS_DIR, name);
/** One of each kind of PDF conversion the server runs in-process or through an engine. */
const MIXED: Sent[] = [
  { endpoint: 'pdf/to/rotate', files: [ONE_PAGE], params: { RotatePage: '90' } },
  { endpoint: 'pdf/to/compress', files: [pdf('pdf/pdf2docx-demo-text.pdf')] },
  { endpoint: 'pdf/to/jpg', files: [pdf('pdf/pdflatex-4-pages.pdf')] },
  { endpoint: 'pdf/to/merge', files: [pdf('pdf/pdflatex-outline.pdf'), pdf('pdf/tagged.pdf')] },
  { endpoint: 'pdf/to/watermark', files: [ONE_PAGE], params: { Text: 'DRAFT' } },
  { endpoint: 'pdf/to/redact', files: [pdf('pdf/scotus-transcript-p1.pdf')] },
  { endpoint: 'pdf/to/split', files: [pdf('pdf/pdflatex-4-pages.pdf')] },
  { endpoint: 'pdf/to/protect', files: [ONE_PAGE], params: { UserPassword: 'bench-secret' } },
  { endpoint: 'pdf/to/docx', files: [pdf('pdf/multicolumn.pdf')] },
  { endpoint: 'pdf/to/txt', files: [ONE_PAGE] },
];

type Convert = ReturnType<typeof converter>;

/** A converter sending with an anonymous token of the server at `base`. */
async function clientOf(base: string): Promise<Convert> {
  const { token } = (await (
    await fetch(`${base}/api/functions/generate-jwt`, { method: 'POST' })
  ).json()) as { token: string };
  return converter(base, token);
}

/** The mixed conversions, 4 at a time; answers how many failed (the first 3 printed). */
async function mixedConversions(convert: Convert): Promise<number> {
  let failures = 0;
  await atOnce(4, MIXED_CONVERSIONS, async (index) => {
    await convert(MIXED[index % MIXED.length] as Sent).catch((error: unknown) => {
      failures++;
      if (failures <= 3) console.log(`  failed: ${(error as Error).message}`);
    });
  });
  return failures;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PAUSED_JPG: Sent = { endpoint: 'pdf/to/jpg', files: [pdf('pdf/pdflatex-4-pages.pdf')] };
const PAUSES = 5;

/** Median ms of a 4-page PDF to JPG sent 3 s after the previous job, PAUSES times. */
async function jpgAfterPauses(convert: Convert): Promise<number> {
  const times: number[] = [];
  await convert(PAUSED_JPG);
  for (let pause = 0; pause < PAUSES; pause++) {
    await sleep(3000);
    const started = performance.now();
    await convert(PAUSED_JPG);
    times.push(performance.now() - started);
  }
  return median(times);
}

/**
 * The other side of WORKER_IDLE_SECONDS, on a second server whose idle workers end after 1.5 s:
 * its RSS 2 s after the mixed conversions, and a JPG after each pause (on fresh workers).
 */
async function shortIdleServer(): Promise<{ fresh: number; after: number; pausedJpgMs: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-idle-'));
  const { child, base } = await startServer(dataDir, { WORKER_IDLE_SECONDS: '1.5' });
  const pid = child.pid ?? 0;
  try {
    const convert = await clientOf(base);
    await settled(pid);
    const fresh = (await treeRss(pid)).tree;
    await mixedConversions(convert);
    await sleep(2000);
    const after = (await treeRss(pid)).tree;
    return { fresh, after, pausedJpgMs: await jpgAfterPauses(convert) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

export default async function smallJobsBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-small-'));
  const qpdfDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-qpdf-'));
  const { child, base } = await startServer(dataDir);
  const pid = child.pid ?? 0;
  try {
    const convert = await clientOf(base);
    const rotate = (): Promise<void> =>
      convert({ endpoint: 'pdf/to/rotate', files: [ONE_PAGE], params: { RotatePage: '90' } });
    const settling = await settled(pid);
    const fresh = await treeRss(pid);
    console.log(
      `fresh server settled (start-up warm-ups done) ${(settling / 1000).toFixed(1)} s after it listened`,
    );
    await rotate(); // lazy modules and the first database writes are not a small job's cost

    const http: number[] = [];
    const cli: number[] = [];
    const p50: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const served = await atOnce(CONNECTIONS, JOBS_PER_ROUND, rotate);
      http.push(served.perSecond);
      p50.push(median(served.latencies));
      cli.push(await qpdfFromShell(qpdfDir, round));
    }
    const ratio = median(http) / median(cli);
    console.log(
      `rotate 1 page, ${CONNECTIONS} at a time, ${ROUNDS} rounds of ${JOBS_PER_ROUND}: HTTP ${median(http).toFixed(0)} req/s (p50 ${median(p50).toFixed(0)} ms), qpdf CLI ${median(cli).toFixed(0)} ops/s → ${ratio.toFixed(2)}×`,
    );
    reportGoal({ name: 'small rotate via HTTP ÷ qpdf CLI (8 at a time)', value: ratio, atLeast: 0.5 });

    const before = await treeRss(pid);
    const failures = await mixedConversions(convert);
    await sleep(2000);
    const after = await treeRss(pid);
    const warm = after.tree / fresh.tree;
    console.log(
      `RSS (server + processes under it): fresh ${mb(fresh.tree)} (server ${mb(fresh.own)}), after the rotate rounds ${mb(before.tree)} (server ${mb(before.own)}), 2 s after ${MIXED_CONVERSIONS} mixed conversions (${failures} failed) ${mb(after.tree)} (server ${mb(after.own)}) → ${warm.toFixed(2)}× fresh`,
    );
    // MuPDF's worker threads stay 10 s after their last task (WORKER_IDLE_SECONDS: fresh ones cost the
    // next job 0.1-0.4 s, measured below), and V8 shrinks an idle heap on its own a few seconds in: what the server
    // keeps once idle is settled as `fresh` is, the figure that tells whether memory comes back.
    await sleep(13_000);
    const quiet = await treeRss(pid);
    const kept = quiet.tree / fresh.tree;
    console.log(
      `RSS once idle 15 s (MuPDF workers ended): ${mb(quiet.tree)} (server ${mb(quiet.own)}) → ${kept.toFixed(2)}× fresh`,
    );
    const warmJpgMs = await jpgAfterPauses(convert);
    const short = await shortIdleServer();
    console.log(
      `WORKER_IDLE_SECONDS=1.5 (a second server): RSS 2 s after the ${MIXED_CONVERSIONS} mixed conversions ${mb(short.after)} → ${(short.after / short.fresh).toFixed(2)}× its fresh ${mb(short.fresh)}`,
    );
    console.log(
      `4-page PDF to JPG sent 3 s after the previous job, median of ${PAUSES}: ${warmJpgMs.toFixed(0)} ms with the default 10 s (warm workers), ${short.pausedJpgMs.toFixed(0)} ms with 1.5 s (fresh workers) → ${(short.pausedJpgMs / warmJpgMs).toFixed(2)}×`,
    );
    reportGoal({ name: 'RSS after 200 mixed conversions ÷ fresh, once idle 15 s', value: kept, atMost: 1.2 });
    reportGoal({ name: 'RSS after 200 mixed conversions ÷ fresh, 2 s after', value: warm, atMost: 1.2 });
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
    await rm(qpdfDir, { recursive: true, force: true });
  }
}
