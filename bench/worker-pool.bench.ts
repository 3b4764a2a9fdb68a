/**
 * The worker-task pool (piscina, engines/mupdf-worker) against the same registered tasks run on the
 * main thread, side by side in one run: time and peak memory (RSS high-water mark, worker threads
 * included) of starting both workers, rendering a page on each of two fresh workers once others ended
 * (the pool's idle end), rendering 20 pages, analysing 20 pages' structure, 200 small tasks in a row
 * (the cost of a round trip) and stamping a watermark on a 117-page book 3 times. Two pools: the
 * server's, whose workers are handed MuPDF's module compiled once (engines/mupdf-wasm.ts), and one whose
 * workers each compile it. Each measurement runs in a fresh process (worker-pool.workload.ts), variants
 * alternating, median of RUNS. Prints ratios, never asserts (benches are not tests).
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { median } from './median';

const exec = promisify(execFile);
const workloadScript = fileURLToPath(new URL('./worker-pool.workload.ts', import.meta.url));
const BASELINE = 'main-thread';
const VARIANTS = [BASELINE, 'pool, own compile', 'pool'];
const WORKLOADS = [
  'cold start',
  'render 2 pages on fresh workers',
  'render 20 pages at 150 dpi',
  'structure of 20 pages',
  '200 small tasks one after another',
  'watermark a 117-page book 3 times',
];
const RUNS = 3;

interface Figures {
  ms: number;
  cpuMs: number;
  peakRssMb: number;
}

async function measure(variant: string, workload: string): Promise<Figures> {
  const { stdout } = await exec(process.execPath, ['--import', 'tsx', workloadScript, variant, workload], {
    maxBuffer: 1024 * 1024,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Figures;
}

export default async function (): Promise<void> {
  for (const workload of WORKLOADS) {
    const runs = new Map<string, Figures[]>(VARIANTS.map((variant) => [variant, []]));
    for (let run = 0; run < RUNS; run++) {
      for (const variant of VARIANTS) runs.get(variant)?.push(await measure(variant, workload));
    }
    const figures = new Map(
      [...runs].map(([variant, list]) => [
        variant,
        {
          ms: median(list.map((f) => f.ms)),
          cpuMs: median(list.map((f) => f.cpuMs)),
          peakRssMb: median(list.map((f) => f.peakRssMb)),
        },
      ]),
    );
    const base = figures.get(BASELINE) as Figures;
    console.log(`${workload} (median of ${RUNS}, fresh process each):`);
    for (const [variant, f] of figures) {
      const ratio =
        variant === BASELINE
          ? ''
          : `  time ×${(f.ms / base.ms).toFixed(2)}, CPU ×${(f.cpuMs / base.cpuMs).toFixed(2)}, peak RSS ×${(f.peakRssMb / base.peakRssMb).toFixed(2)}`;
      console.log(
        `  ${variant.padEnd(17)} ${f.ms.toFixed(0).padStart(6)} ms  CPU ${f.cpuMs.toFixed(0).padStart(6)} ms  peak RSS ${f.peakRssMb.toFixed(0).padStart(4)} MB${ratio}`,
      );
    }
  }
}
