/**
 * One measured run of worker-pool.bench.ts, in a process of its own so its peak memory (VmHWM) is its
 * own: `node --import tsx bench/worker-pool.workload.ts <variant> <workload>` prints
 * `{"ms": …, "cpuMs": …, "peakRssMb": …}`. Both variants run the same registered tasks: `main-thread`
 * calls the registry's handlers on this thread (the baseline), `pool` sends them to the worker-task
 * pool as the server runs it (workers handed MuPDF's module compiled once), `pool, own compile` to one
 * whose workers compile it each. CPU time counts every thread, so it stays comparable when other processes share the cores.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { TASK_WORKER, taskWorkerWithMupdf } from '../packages/server/src/engines/mupdf-worker';
import { TaskPool } from '../packages/server/src/engines/mupdf-worker/task-pool';
import type { WorkerTask } from '../packages/server/src/engines/mupdf-worker/worker-protocol';
import { runTask } from '../packages/server/src/engines/mupdf-worker/worker-tasks';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { CONFIDENTIAL_WATERMARK } from '../packages/server/src/testing/watermark-options';

const BOOK = join(CORPUS_DIR, 'pdf/GeoTopo-komprimiert.pdf');
const SMALL = join(CORPUS_DIR, 'pdf/tagged.pdf');
const POOL_SIZE = 2;

interface Runner {
  run(task: WorkerTask): Promise<unknown>;
  /** Ends the workers; the next task starts new ones (as after the pool's idle end). */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** The pool as the server runs it: its workers handed MuPDF's module compiled once here, or not. */
async function poolRunner(handModule: boolean): Promise<Runner> {
  const entry = handModule ? await taskWorkerWithMupdf() : TASK_WORKER;
  let pool = new TaskPool(POOL_SIZE, entry, 'mupdf');
  return {
    run: (task) => pool.run(task),
    restart: async () => {
      await pool.shutdown();
      pool = new TaskPool(POOL_SIZE, entry, 'mupdf');
    },
    close: () => pool.shutdown(),
  };
}

const variants: Record<string, () => Promise<Runner>> = {
  'main-thread': async () => ({
    run: async (task) => (await runTask(task)).result,
    restart: async () => undefined,
    close: async () => undefined,
  }),
  // each worker compiles MuPDF's WebAssembly itself (as before engines/mupdf-wasm.ts)
  'pool, own compile': () => poolRunner(false),
  pool: () => poolRunner(true),
};

const range = (count: number): number[] => Array.from({ length: count }, (_, i) => i);

/** Each workload sends its tasks the way its converter does: all pages at once, the pool queues them. */
const workloads: Record<string, (runner: Runner, dir: string) => Promise<unknown>> = {
  'render 20 pages at 150 dpi': (runner) =>
    Promise.all(range(20).map((index) => runner.run({ kind: 'render-rgb', path: BOOK, index, dpi: 150 }))),
  'structure of 20 pages': (runner) =>
    Promise.all(
      range(20).map((index) =>
        runner.run({
          kind: 'analyse-page',
          path: BOOK,
          index,
          options: { withImages: true, alignedTables: true, detectScans: true },
        }),
      ),
    ),
  // both workers started (thread, tsx loader, MuPDF's WebAssembly) for one small task each
  'cold start': (runner) =>
    Promise.all(range(POOL_SIZE).map(() => runner.run({ kind: 'count-pages', path: SMALL }))),
  // after the workers ended (idle), new ones each render a page; the process had MuPDF running before
  'render 2 pages on fresh workers': (runner) =>
    Promise.all(
      range(POOL_SIZE).map((index) => runner.run({ kind: 'render-rgb', path: BOOK, index, dpi: 150 })),
    ),
  '200 small tasks one after another': async (runner) => {
    for (let i = 0; i < 200; i++) await runner.run({ kind: 'count-pages', path: SMALL });
  },
  'watermark a 117-page book 3 times': async (runner, dir) => {
    for (let i = 0; i < 3; i++) {
      await runner.run({
        kind: 'stamp-watermark',
        input: BOOK,
        output: join(dir, `out-${i}.pdf`),
        options: CONFIDENTIAL_WATERMARK,
      });
    }
  },
};

/** CPU time of this process: every thread, and the children it has waited for (clock ticks of 10 ms). */
async function cpuMs(): Promise<number> {
  const stat = await readFile('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime, stime, cutime, cstime are fields 14-17 of the line, 12-15 after the name
  return fields.slice(11, 15).reduce((sum, ticks) => sum + Number(ticks), 0) * 10;
}

async function peakRssMb(): Promise<number> {
  const status = await readFile('/proc/self/status', 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

const [variant = '', workload = ''] = process.argv.slice(2);
const makeRunner = variants[variant];
const work = workloads[workload];
if (!makeRunner || !work) {
  console.error(
    `variants: ${Object.keys(variants).join(', ')}; workloads: ${Object.keys(workloads).join(', ')}`,
  );
  process.exit(2);
}
const dir = await mkdtemp(join(tmpdir(), 'bench-worker-pool-'));
const runner = await makeRunner();
// Workers started and MuPDF loaded before the clock starts (except for 'cold start', which measures that).
if (workload !== 'cold start') {
  await Promise.all(range(POOL_SIZE).map(() => runner.run({ kind: 'count-pages', path: SMALL })));
}
if (workload === 'render 2 pages on fresh workers') {
  await workloads[workload]?.(runner, dir); // MuPDF's rendering run once in this process, then the workers end
  await runner.restart();
}
const cpuBefore = await cpuMs();
const started = performance.now();
await work(runner, dir);
const ms = performance.now() - started;
const cpu = (await cpuMs()) - cpuBefore;
await runner.close();
await rm(dir, { recursive: true, force: true });
console.log(JSON.stringify({ ms, cpuMs: cpu, peakRssMb: await peakRssMb() }));
