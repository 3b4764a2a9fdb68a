/**
 * A crashed LibreOffice instance is replaced on the next job, and the restart is counted in the
 * Prometheus metrics (docstudio_engine_restarts_total). A successor starts even while its killed
 * predecessor still holds its pipes, and no pipe file of the killed one stays in /tmp. A worn one
 * (maxConversions reached) is replaced right after its last job, in the background: the next job
 * finds its successor warm.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../testing/corpus';
import { metricsText } from '../../testing/metrics-text';
import { pageCount } from '../../testing/pdf-tools';
import { type ProcessInfo, processesWith, unixSocketPathsOf } from '../../testing/process-tree';
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

const sofficeOf = (on: OfficePool): ProcessInfo | undefined =>
  processesWith(on.root).find((p) => p.comm === 'soffice.bin');

describe('LibreOffice pool restarts and named pipes', () => {
  const piped = new OfficePool({ size: 1, maxConversions: 100, isolateNetwork: false });
  afterAll(() => piped.shutdown());

  it('a successor starts even while its predecessor still holds its pipes, and no pipe file is left', async () => {
    expect((await convert('piped-1.pdf', piped)).error ?? null).toBeNull();
    const old = sofficeOf(piped);
    if (!old) throw new Error('no soffice.bin for the pool');
    const pipes = unixSocketPathsOf(old.pid);
    const single = pipes.find((path) => path.includes('SingleOfficeIPC'));
    expect(pipes).toHaveLength(2); // its UNO pipe and its single-instance pipe, both files in /tmp
    if (!single) throw new Error(`no single-instance pipe among ${pipes.join(', ')}`);
    // A soffice that is going but not gone: it still answers on its single-instance pipe, and never
    // replies. (Stopped, then its pipe taken over by a listener of the test's that never replies.)
    process.kill(old.pid, 'SIGSTOP');
    await rm(single);
    const lingering = net.createServer(() => undefined);
    await new Promise<void>((resolve) => lingering.listen(single, resolve));
    try {
      process.kill(old.pid, 'SIGKILL');
      const answer = await piped.convert(
        {
          input: RTF,
          output: join(work, 'piped-2.pdf'),
          filter: null,
          pageRange: null,
          pdfVersion: 0,
          password: null,
        },
        30_000,
        new AbortController().signal,
      );
      expect(answer.error ?? null, answer.detail).toBeNull();
      expect(await pageCount(join(work, 'piped-2.pdf'))).toBe(1);
      const profileOf = (p: ProcessInfo | undefined) => /UserInstallation=(\S+)/.exec(p?.cmdline ?? '')?.[1];
      expect(profileOf(sofficeOf(piped))).not.toBe(profileOf(old));
      // checked while the test's listener is open (closing it could remove its file too)
      for (const path of pipes) expect(existsSync(path), path).toBe(false);
    } finally {
      lingering.close();
    }
  }, 60_000);
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
