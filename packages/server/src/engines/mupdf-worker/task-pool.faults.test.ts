/**
 * A MuPDF worker thread that dies in the middle of a task (here: terminated from outside, as a crash
 * or an out-of-memory kill would end it): the task runs again on a fresh worker and succeeds; a task
 * that takes two workers down is refused as 422 Code 5002; the next task works either way.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerTo } from '../../testing/error-answers';
import { metricsText, parseMetrics, sampleValue } from '../../testing/metrics-text';
import { writeSlowToRenderPdf } from '../../testing/slow-render-pdf';
import { busyMupdfWorkers, configureMupdfWorkers, renderPageRgbInWorker, shutdownMupdfWorkers } from '.';

let dir: string;
let heavy: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mupdf-faults-'));
  heavy = join(dir, 'heavy.pdf');
  await writeSlowToRenderPdf(heavy);
  configureMupdfWorkers(2);
});

afterAll(async () => {
  await shutdownMupdfWorkers();
  await rm(dir, { recursive: true, force: true });
});

const restarts = async (): Promise<number> =>
  sampleValue(parseMetrics(await metricsText()), 'docstudio_engine_restarts_total', { engine: 'mupdf' }) ?? 0;

/** Waits for a worker to be busy, lets it work a moment, then terminates it. */
async function terminateBusyWorker(): Promise<void> {
  await expect.poll(() => busyMupdfWorkers().length, { timeout: 10_000, interval: 10 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 150));
  const [worker] = busyMupdfWorkers();
  await worker?.terminate();
}

describe('MuPDF workers under faults', () => {
  it('a task whose worker is terminated mid-render runs again on a new worker and succeeds', async () => {
    const before = await restarts();
    const render = renderPageRgbInWorker(heavy, 0, 150);
    await terminateBusyWorker();
    const page = await render;
    expect(page.width).toBe(1275);
    expect(page.pixels.length).toBe(1275 * 1650 * 3);
    expect(await restarts()).toBe(before + 1);
  });

  it('a task that takes two workers down is refused with 422 Code 5002, and the next task works', async () => {
    const render = renderPageRgbInWorker(heavy, 0, 150).catch((error: unknown) => error);
    await terminateBusyWorker();
    await terminateBusyWorker();
    const error = await render;
    expect(answerTo(error)).toMatchObject({ status: 422, code: 5002 });
    expect((error as Error).message).toMatch(/document made the PDF engine crash/);
    const next = await renderPageRgbInWorker(join(CORPUS_DIR, 'pdf/tagged.pdf'), 0, 72);
    expect(next.width).toBeGreaterThan(0);
  });
});
