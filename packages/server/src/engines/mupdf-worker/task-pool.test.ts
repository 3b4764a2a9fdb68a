/**
 * What the pool adds around piscina, on real tasks: a task waiting behind an aborted one still runs,
 * a task the registry does not know fails on its own error (its worker replaced, no restart counted),
 * idle workers end after 10 s (or the idle time the pool is given), a new size replaces the pool, a
 * worker whose MuPDF heap grew too far is ended after its task, and an idle worker's garbage is
 * collected.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineTimeout } from '../../contract/errors';
import { CORPUS_DIR } from '../../testing/corpus';
import { metricsText, parseMetrics, sampleValue } from '../../testing/metrics-text';
import { writeSlowToRenderPdf } from '../../testing/slow-render-pdf';
import { CONFIDENTIAL_WATERMARK } from '../../testing/watermark-options';
import { IDLE_BEFORE_COLLECTION_MS } from '../idle-collection';
import type { RenderedPage } from '../pdf-structure';
import {
  configureMupdfWorkers,
  countPdfPages,
  mupdfWorkerThreads,
  renderPageRgbInWorker,
  runWorkerTask,
  shutdownMupdfWorkers,
  TASK_WORKER,
} from '.';
import { TaskPool } from './task-pool';
import type { WorkerTask } from './worker-protocol';

const small = join(CORPUS_DIR, 'pdf/pdflatex-4-pages.pdf');
let dir: string;
let heavy: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'task-pool-'));
  heavy = join(dir, 'heavy.pdf');
  await writeSlowToRenderPdf(heavy);
});

afterAll(async () => {
  configureMupdfWorkers(2);
  await shutdownMupdfWorkers();
  await rm(dir, { recursive: true, force: true });
});

const restarts = async (): Promise<number> =>
  sampleValue(parseMetrics(await metricsText()), 'docstudio_engine_restarts_total', { engine: 'mupdf' }) ?? 0;

describe('worker-task pool', () => {
  it('runs a task that waited behind an aborted one, on a fresh worker', async () => {
    configureMupdfWorkers(1);
    const controller = new AbortController();
    const aborted = renderPageRgbInWorker(heavy, 0, 300, { signal: controller.signal });
    const waiting = countPdfPages(small);
    setTimeout(() => controller.abort(engineTimeout()), 200);
    await expect(aborted).rejects.toMatchObject({ code: 5000 });
    expect(await waiting).toBe(4);
    expect(mupdfWorkerThreads()).toBe(1);
  });

  it('fails a task the registry does not know on its own error, and the next task works', async () => {
    const before = await restarts();
    const unknown = { kind: 'no-such-task', path: small } as unknown as WorkerTask;
    await expect(runWorkerTask(unknown)).rejects.toThrow(/No worker task is registered as "no-such-task"/);
    // the worker ended itself (a bug of ours may have left it unsound): not an engine crash
    expect(await restarts()).toBe(before);
    expect(await countPdfPages(small)).toBe(4);
  });

  it('ends workers idle for 10 s, and starts one again for the next task', async () => {
    configureMupdfWorkers(2);
    await Promise.all([0, 1, 2, 3].map((index) => renderPageRgbInWorker(small, index, 30)));
    expect(mupdfWorkerThreads()).toBe(2);
    // piscina times each worker's idleness from its own last task, or from its start when the other
    // worker took every task: one task each, side by side, makes both idle from now
    await Promise.all([0, 1].map((index) => renderPageRgbInWorker(small, index, 30)));
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(mupdfWorkerThreads()).toBe(2);
    await expect.poll(mupdfWorkerThreads, { timeout: 6_000, interval: 100 }).toBe(0);
    expect(await countPdfPages(small)).toBe(4);
    expect(mupdfWorkerThreads()).toBe(1);
  }, 30_000);

  it('ends workers after the idle time the pool is given instead (WORKER_IDLE_SECONDS)', async () => {
    configureMupdfWorkers(2, 1_500);
    await Promise.all([0, 1].map((index) => renderPageRgbInWorker(small, index, 30)));
    const idleFrom = Date.now();
    expect(mupdfWorkerThreads()).toBe(2);
    await expect.poll(mupdfWorkerThreads, { timeout: 5_000, interval: 50 }).toBe(0);
    // not ended early: piscina checks after the idle time has passed
    expect(Date.now() - idleFrom).toBeGreaterThanOrEqual(1_400);
    configureMupdfWorkers(2);
  });

  it('replaces the pool when its size changes, never running more threads than the new size', async () => {
    configureMupdfWorkers(1);
    const pages = await Promise.all([0, 1, 2, 3].map((index) => renderPageRgbInWorker(small, index, 30)));
    expect(pages.every((page) => page.width > 0)).toBe(true);
    expect(mupdfWorkerThreads()).toBe(1);
    configureMupdfWorkers(2);
    const again = Promise.all([0, 1, 2, 3].map((index) => renderPageRgbInWorker(small, index, 30)));
    await expect.poll(mupdfWorkerThreads, { timeout: 10_000, interval: 10 }).toBe(2);
    expect((await again).length).toBe(4);
  });

  it('ends a worker whose MuPDF heap grew past the limit once it answered, counting no restart', async () => {
    const MiB = 1024 * 1024;
    const pool = new TaskPool(1, TASK_WORKER, 'mupdf', { retireAboveHeapBytes: 40 * MiB });
    try {
      const before = await restarts();
      // a page count leaves the heap at its start size (22 MB): the worker stays
      expect(await pool.run({ kind: 'count-pages', path: small })).toEqual({ pages: 4 });
      expect(pool.threads).toBe(1);
      expect(pool.retired).toBe(0);
      // a page at 400 dpi needs a 3400 × 4400 pixmap (45 MB): the heap grows past the limit
      const page = (await pool.run({ kind: 'render-rgb', path: small, index: 0, dpi: 400 })) as RenderedPage;
      expect(page.width).toBeGreaterThan(3000);
      expect(pool.retired).toBe(1);
      expect(pool.threads).toBe(0);
      // the next task starts a fresh worker, and nothing counted as a crash
      expect(await pool.run({ kind: 'count-pages', path: small })).toEqual({ pages: 4 });
      expect(pool.threads).toBe(1);
      expect(await restarts()).toBe(before);
    } finally {
      await pool.shutdown();
    }
  });

  it("collects an idle worker's garbage, and not while tasks keep coming", async () => {
    const pool = new TaskPool(1, TASK_WORKER, 'mupdf');
    const usage: WorkerTask = { kind: 'heap-usage' };
    const heap = async (): Promise<number> =>
      ((await pool.run(usage)) as { usedHeapBytes: number }).usedHeapBytes;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      // pdf-lib parses the whole 117-page book: what it built is garbage once the task answered
      const book: WorkerTask = {
        kind: 'stamp-watermark',
        input: join(CORPUS_DIR, 'pdf/GeoTopo-komprimiert.pdf'),
        output: join(dir, 'watermarked.pdf'),
        options: CONFIDENTIAL_WATERMARK,
      };
      const watermark = (): Promise<unknown> => pool.run(book);
      expect(await watermark()).toEqual({ stamped: true });
      const busy = await heap();
      // tasks back to back (far closer than the idle delay): no full collection between them (a
      // scavenge of the 4 MB young generation may come; a full one takes 11 MB, as below)
      const youngGeneration = 4 * 1024 * 1024;
      for (let i = 0; i < 3; i++) expect(await heap()).toBeGreaterThan(busy - youngGeneration);
      await pause(IDLE_BEFORE_COLLECTION_MS.worker + 300);
      const idle = await heap();
      // measured: 26 MB in use right after the book, 15 MB once collected
      expect(idle).toBeLessThan(busy * 0.75);
      // the worker is the same one, and still works
      expect(pool.threads).toBe(1);
      expect(await watermark()).toEqual({ stamped: true });
    } finally {
      await pool.shutdown();
    }
  }, 60_000);
});
