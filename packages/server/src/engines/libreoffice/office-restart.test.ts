/**
 * A crashed LibreOffice instance is replaced on the next job, and the restart is counted in the
 * Prometheus metrics (docstudio_engine_restarts_total). A worn one (maxConversions reached) is
 * replaced right after its last job, in the background: the next job finds its successor warm.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../testing/corpus';
import { metricsText } from '../../testing/metrics-text';
import { pageCount } from '../../testing/pdf-tools';
import { OfficePool } from './office-pool';

const RTF = join(CORPUS_DIR, 'office/simple_table.rtf');
const pool = new OfficePool({ size: 1, maxConversions: 100, isolateNetwork: false });
/** Recycles its instance every 2 jobs. */
const wearing = new OfficePool({ size: 1, maxConversions: 2, isolateNetwork: false });
const work = await mkdtemp(join(tmpdir(), 'office-restart-'));

afterAll(async () => {
  await Promise.all([pool.shutdown(), wearing.shutdown()]);
  await rm(work, { recursive: true, force: true });
});

const convert = (name: string, on = pool) =>
  on.convert(
    { input: RTF, output: join(work, name), filter: null, pageRange: null, pdfVersion: 0, password: null },
    90_000,
    new AbortController().signal,
  );

const restartsOf = (text: string): number =>
  Number(/docstudio_engine_restarts_total\{engine="libreoffice"\} (\d+)/.exec(text)?.[1] ?? 0);

describe('LibreOffice pool after a crash', () => {
  it('starts a new instance for the next job and counts the restart', async () => {
    const first = await convert('first.pdf');
    expect(first.error ?? null, first.detail).toBeNull();
    const before = restartsOf(await metricsText());

    // Kill this pool's soffice (and only this pool's: its folder is in the command line).
    execFileSync('pkill', ['-KILL', '-f', pool.root]);
    await expect.poll(() => pool.liveInstances, { timeout: 10_000 }).toBe(0);

    const answer = await convert('second.pdf');
    expect(answer.error ?? null).toBeNull();
    expect(
      execFileSync('qpdf', ['--show-npages', join(work, 'second.pdf')], { encoding: 'utf8' }).trim(),
    ).toBe('1');
    expect(pool.starts).toBe(2);
    expect(restartsOf(await metricsText())).toBe(before + 1);
  });
});

describe('LibreOffice pool recycling', () => {
  it('starts the successor of a worn instance after its last job, not in the next one', async () => {
    for (const name of ['worn-1.pdf', 'worn-2.pdf'])
      expect((await convert(name, wearing)).error ?? null).toBeNull();
    // no job is running: the successor starts on its own
    await expect.poll(() => wearing.starts, { timeout: 60_000 }).toBe(2);
    await expect.poll(() => wearing.liveInstances, { timeout: 60_000 }).toBe(1);
    expect((await convert('worn-3.pdf', wearing)).error ?? null).toBeNull();
    expect(await pageCount(join(work, 'worn-3.pdf'))).toBe(1);
    // the third job used that successor and started none itself
    expect(wearing.starts).toBe(2);
  }, 120_000);
});
