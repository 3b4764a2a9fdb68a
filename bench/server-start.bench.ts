/**
 * The compiled server (packages/server/dist, what `npm start`, the bin and the container image run)
 * against the same server run from TypeScript through tsx, side by side in one run:
 * - import: a fresh Node process imports the server's entry (createServer and everything it loads);
 *   wall time of the whole process and its RSS once the import is done;
 * - start: a fresh server process (temporary data folder, free port, logs off) until it prints that it
 *   listens, and its RSS then (engines probed, database migrated, nothing converted yet);
 * - ready: from the same process start until GET /api/readyz first answers 200, and the CPU time the
 *   process had used by then (user + system, from /proc: what a loaded machine inflates least); then
 *   how long the first GET /api/healthz takes (it reports the engines' versions, probed at start);
 * - restart: the same server started again on the data folder its first start made (database
 *   migrated, keys written), as a restart or a new cluster node on shared storage starts.
 * Servers run as npm start runs them: with its memory settings (packages/server/memory.mjs) and, the
 * compiled ones, with --enable-source-maps (Node then reads each loaded chunk's source map at start).
 * The compiled server's start-to-ready is reported as a goal (≤ 0.5 s, issue 19). With
 * SERVER_START_BASELINE_DIST set, an earlier build's dist runs as a third variant in the same rounds.
 * Variants alternate within each round (tsx's transform cache is warm after the first); medians of
 * ROUNDS. Prints ratios, never asserts (benches are not tests).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverMemoryEnv } from '../packages/server/memory.mjs';
import { reportGoal } from './goals';
import { median } from './median';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = 7;
const BASELINE = 'tsx src';
/** Node's options as npm start (scripts/start.mjs) and the image give them to the compiled server. */
const AS_NPM_START = ['--enable-source-maps'];

interface Variant {
  name: string;
  importArgs: string[];
  startArgs: string[];
}

const importAndReport = (entry: string): string =>
  `await import(${JSON.stringify(entry)}); console.log(JSON.stringify({ rss: process.memoryUsage.rss() }));`;

const VARIANTS: Variant[] = [
  {
    name: BASELINE,
    importArgs: [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      importAndReport('./packages/server/src/index.ts'),
    ],
    startArgs: ['--import', 'tsx', 'packages/server/src/main.ts'],
  },
  {
    name: 'compiled dist',
    importArgs: ['--input-type=module', '-e', importAndReport('./packages/server/dist/index.js')],
    startArgs: [...AS_NPM_START, 'packages/server/dist/main.js'],
  },
  // an earlier build to compare with, side by side (SERVER_START_BASELINE_DIST=<its dist folder>, whose
  // parent folders must reach this checkout's node_modules, e.g. through a symbolic link)
  ...(process.env.SERVER_START_BASELINE_DIST
    ? [
        {
          name: 'baseline dist',
          importArgs: [
            '--input-type=module',
            '-e',
            importAndReport(join(process.env.SERVER_START_BASELINE_DIST, 'index.js')),
          ],
          startArgs: [...AS_NPM_START, join(process.env.SERVER_START_BASELINE_DIST, 'main.js')],
        },
      ]
    : []),
];

interface Figures {
  ms: number;
  rssMb: number;
  /** Start to the first 200 of /readyz (start runs only). */
  readyMs?: number;
  /** CPU time of the process by then, user + system (start runs only). */
  cpuMs?: number;
  /** The first GET /healthz, sent once ready (start runs only). */
  firstHealthMs?: number;
}

const CLOCK_TICKS_PER_SECOND = 100;

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15, in clock ticks). */
async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Polls /readyz from the moment the port is known until it answers 200; ms since `started`. */
async function readyAfter(port: number, started: number): Promise<number> {
  for (;;) {
    const answer = await fetch(`http://127.0.0.1:${port}/api/readyz`).catch(() => undefined);
    if (answer?.status === 200) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const MB = 1024 * 1024;

function measureImport(variant: Variant): Figures {
  const started = performance.now();
  const stdout = execFileSync(process.execPath, variant.importArgs, { cwd: root, encoding: 'utf8' });
  const ms = performance.now() - started;
  const { rss } = JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as { rss: number };
  return { ms, rssMb: rss / MB };
}

/** One start of `variant` on `dataDir` (made by the first, kept for the next), until ready. */
async function measureStart(variant: Variant, dataDir: string): Promise<Figures> {
  const started = performance.now();
  const child = spawn(process.execPath, variant.startArgs, {
    cwd: root,
    env: {
      ...process.env,
      ...serverMemoryEnv(),
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG: 'false',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const [ms, port] = await new Promise<[number, number]>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const match = /listening on http:\/\/[^:]+:(\d+)/.exec(out);
        if (match) resolve([performance.now() - started, Number(match[1])]);
      });
      child.once('exit', (code) => reject(new Error(`${variant.name}: the server exited (${code})`)));
    });
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
    const readyMs = await readyAfter(port, started);
    const cpuMs = await cpuMsOf(child.pid ?? 0);
    const healthAsked = performance.now();
    await (await fetch(`http://127.0.0.1:${port}/api/healthz`)).text();
    const firstHealthMs = performance.now() - healthAsked;
    const rssMb = (Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1]) * 1024) / MB;
    return { ms, rssMb, readyMs, cpuMs, firstHealthMs };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

/** A first start on a new data folder, then a restart on the folder it made. */
async function measureStartAndRestart(variant: Variant): Promise<[Figures, Figures]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-start-'));
  try {
    return [await measureStart(variant, dataDir), await measureStart(variant, dataDir)];
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(title: string, runs: Map<string, Figures[]>): void {
  const figures = new Map(
    [...runs].map(([name, list]) => [
      name,
      { ms: median(list.map((f) => f.ms)), rssMb: median(list.map((f) => f.rssMb)) },
    ]),
  );
  const base = figures.get(BASELINE) as Figures;
  console.log(`${title} (median of ${ROUNDS}, fresh process each, variants alternating):`);
  for (const [name, f] of figures) {
    console.log(
      `  ${name.padEnd(14)} ${f.ms.toFixed(0).padStart(6)} ms (${(f.ms / base.ms).toFixed(2)}x)` +
        `  RSS ${f.rssMb.toFixed(0).padStart(4)} MB (${(f.rssMb / base.rssMb).toFixed(2)}x)`,
    );
  }
}

export default async function serverStartBench(): Promise<void> {
  execFileSync('npm', ['run', 'build', '--workspace', '@docstudio/server'], { cwd: root, stdio: 'ignore' });
  const imports = new Map<string, Figures[]>(VARIANTS.map((variant) => [variant.name, []]));
  const starts = new Map<string, Figures[]>(VARIANTS.map((variant) => [variant.name, []]));
  const restarts = new Map<string, Figures[]>(VARIANTS.map((variant) => [variant.name, []]));
  for (let round = 0; round < ROUNDS; round++) {
    // alternate which variant goes first, so neither always meets a cooler page cache
    const order = round % 2 === 0 ? VARIANTS : [...VARIANTS].reverse();
    for (const variant of order) imports.get(variant.name)?.push(measureImport(variant));
    for (const variant of order) {
      const [start, restart] = await measureStartAndRestart(variant);
      starts.get(variant.name)?.push(start);
      restarts.get(variant.name)?.push(restart);
    }
  }
  report('import the server entry', imports);
  report('start until listening', starts);
  for (const [title, runs] of [
    ['start until /readyz answers 200', starts],
    ['restart on the kept data folder until /readyz answers 200', restarts],
  ] as const) {
    console.log(`${title} (median of ${ROUNDS}):`);
    for (const [name, list] of runs) {
      const readyMs = median(list.map((f) => f.readyMs ?? Number.NaN));
      const cpuMs = median(list.map((f) => f.cpuMs ?? Number.NaN));
      const healthMs = median(list.map((f) => f.firstHealthMs ?? Number.NaN));
      console.log(
        `  ${name.padEnd(14)} ${readyMs.toFixed(0).padStart(6)} ms, CPU used by then ${cpuMs.toFixed(0)} ms; the first /healthz then took ${healthMs.toFixed(0)} ms`,
      );
    }
  }
  const compiled = starts.get('compiled dist') ?? [];
  console.log(
    `  (load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores)`,
  );
  reportGoal({
    name: 'Start to ready, compiled server (s)',
    value: median(compiled.map((f) => f.readyMs ?? Number.NaN)) / 1000,
    atMost: 0.5,
  });
}
