/**
 * Fault tests of the LibreOffice pool: `kill -9` of a pool instance's soffice.bin while it converts
 * and while it idles, a document that takes the engine down twice, and no process left after the
 * pool closes. Each fault is real (a signal to the real soffice.bin), each check what a user sees:
 * the job's answer and the PDF it produced.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerTo } from '../../testing/error-answers';
import { metricsText, parseMetrics, sampleValue } from '../../testing/metrics-text';
import { processesWith, stillRunning } from '../../testing/process-tree';
import { OfficePool } from './office-pool';

const RTF = join(CORPUS_DIR, 'office/simple_table.rtf');
const pool = new OfficePool({ size: 1, maxConversions: 100, isolateNetwork: false });
const work = await mkdtemp(join(tmpdir(), 'office-faults-'));
/** A spreadsheet of 25 000 rows: several seconds of work, long enough to be killed in the middle. */
const bigCsv = join(work, 'big.csv');
const seenPids = new Set<number>();

beforeAll(async () => {
  const rows = Array.from({ length: 25_000 }, (_, i) => `${i},alpha ${i},beta ${i * 3},${i * 1.5},gamma`);
  await writeFile(bigCsv, rows.join('\n'));
});

afterAll(async () => {
  await pool.shutdown();
  await rm(work, { recursive: true, force: true });
});

const convert = (input: string, name: string) =>
  pool.convert(
    {
      input,
      output: join(work, name),
      filter: input.endsWith('.csv') ? 'csv' : null,
      pageRange: null,
      pdfVersion: 0,
      password: null,
    },
    90_000,
    new AbortController().signal,
  );

const pagesOf = (name: string): number =>
  Number(execFileSync('qpdf', ['--show-npages', join(work, name)], { encoding: 'utf8' }).trim());

/** This pool's soffice.bin (its profile folder is in the command line); remembers every pid seen. */
function sofficeBin(): number | undefined {
  const all = processesWith(pool.root);
  for (const p of all) seenPids.add(p.pid);
  return all.find((p) => p.comm === 'soffice.bin')?.pid;
}

/** Waits until soffice.bin is in the middle of a conversion, then kills it like a crash would. */
async function killWhileConverting(): Promise<number> {
  await expect.poll(() => pool.converting, { timeout: 30_000, interval: 20 }).toBe(1);
  await new Promise((resolve) => setTimeout(resolve, 500));
  const pid = sofficeBin();
  if (!pid) throw new Error('no soffice.bin found for the pool');
  process.kill(pid, 'SIGKILL');
  return pid;
}

const restarts = async (): Promise<number> =>
  sampleValue(parseMetrics(await metricsText()), 'docstudio_engine_restarts_total', {
    engine: 'libreoffice',
  }) ?? 0;

describe('LibreOffice pool under faults', () => {
  it('a job whose soffice.bin is killed mid-conversion is retried on a fresh instance and succeeds', async () => {
    expect((await convert(RTF, 'warm.pdf')).ok).toBe(true);
    const [startsBefore, restartsBefore] = [pool.starts, await restarts()];
    const job = convert(bigCsv, 'big.pdf');
    await killWhileConverting();
    const answer = await job;
    expect(answer.error ?? null, answer.detail).toBeNull();
    expect(pagesOf('big.pdf')).toBeGreaterThan(100);
    expect(pool.retries).toBe(1);
    expect(pool.starts).toBe(startsBefore + 1);
    expect(await restarts()).toBe(restartsBefore + 1);
  });

  it('an instance killed while idle is replaced at once, and the next 5 jobs all succeed', async () => {
    const killed = sofficeBin();
    expect(killed).toBeDefined();
    const startsBefore = pool.starts;
    process.kill(killed as number, 'SIGKILL');
    // Replaced without waiting for a job: a new soffice.bin appears on its own.
    await expect
      .poll(() => (sofficeBin() ?? killed) !== killed && pool.liveInstances === 1, { timeout: 30_000 })
      .toBe(true);
    for (let i = 0; i < 5; i++) {
      const answer = await convert(RTF, `after-idle-${i}.pdf`);
      expect(answer.error ?? null, `job ${i}: ${answer.detail}`).toBeNull();
      expect(pagesOf(`after-idle-${i}.pdf`)).toBe(1);
    }
    expect(pool.starts).toBe(startsBefore + 1);
  });

  it('a document that takes the engine down twice is refused with 422 Code 5002 saying so', async () => {
    const retriesBefore = pool.retries;
    const job = convert(bigCsv, 'crasher.pdf').catch((error: unknown) => error);
    const first = await killWhileConverting();
    await expect.poll(() => pool.retries, { timeout: 10_000 }).toBe(retriesBefore + 1);
    await expect.poll(() => sofficeBin() !== first && pool.converting === 1, { timeout: 30_000 }).toBe(true);
    await killWhileConverting();
    const error = await job;
    expect(answerTo(error)).toMatchObject({ status: 422, code: 5002 });
    expect((error as Error).message).toMatch(/document made the converter crash/);
    // ... and the engine is back for the next document.
    const answer = await convert(RTF, 'after-crasher.pdf');
    expect(answer.error ?? null, answer.detail).toBeNull();
    expect(pagesOf('after-crasher.pdf')).toBe(1);
  });

  it('a wedged instance (soffice.bin stopped, alive but silent) fails its probe and is replaced', async () => {
    const wedged = sofficeBin();
    expect(wedged).toBeDefined();
    const startsBefore = pool.starts;
    // what ran when the signal went out, named if the job below ever times out instead (it did twice in
    // many runs; the likely cause, a successor sharing the killed soffice's profile, is gone since:
    // office-restart.test.ts)
    const seen = processesWith(pool.root)
      .map((p) => `${p.pid} (parent ${p.ppid}, group ${p.pgid}) ${p.state} ${p.comm}`)
      .join('; ');
    process.kill(wedged as number, 'SIGSTOP');
    const started = Date.now();
    const answer = await convert(RTF, 'after-wedge.pdf').catch((error: Error) => {
      throw new Error(`${error.message} Stopped ${wedged} of: ${seen}`);
    });
    expect(answer.error ?? null, answer.detail).toBeNull();
    expect(pagesOf('after-wedge.pdf')).toBe(1);
    expect(pool.starts).toBe(startsBefore + 1);
    expect(Date.now() - started).toBeLessThan(20_000); // the 5 s probe limit, then a fresh start
    expect(processesWith(pool.root).some((p) => p.pid === wedged)).toBe(false);
  });

  it('leaves no LibreOffice process behind when the pool shuts down', async () => {
    sofficeBin();
    expect(seenPids.size).toBeGreaterThan(3); // bridges, oosplash and soffice.bin of several instances
    await pool.shutdown();
    expect(processesWith(pool.root)).toEqual([]);
    expect(stillRunning([...seenPids])).toEqual([]);
  });
});
