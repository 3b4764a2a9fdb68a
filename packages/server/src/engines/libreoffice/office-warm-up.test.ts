/**
 * The pool's size from the machine and its warm-up: an 'auto' pool keeps one instance per LibreOffice
 * job the queue runs at once, as many as a quarter of the memory holds; warmUp() starts every
 * instance (and has it load Writer and its PDF export once) before any job, and the server (main.ts)
 * does so once it listens, without making readiness wait for LibreOffice.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfigFromEnv } from '../../config';
import { CORPUS_DIR } from '../../testing/corpus';
import { descendantsOf, processesWith } from '../../testing/process-tree';
import { startServerProcess } from '../../testing/server-process';
import { OfficePool } from './office-pool';
import { officePoolSize } from './pool-size';

const GiB = 1024 * 1024 * 1024;
const work = await mkdtemp(join(tmpdir(), 'office-warm-up-'));
const pool = new OfficePool({ size: 2, maxConversions: 100, isolateNetwork: false });

afterAll(async () => {
  await pool.shutdown();
  await rm(work, { recursive: true, force: true });
});

describe('LibreOffice pool size', () => {
  it('keeps an instance per job the queue runs at once, as far as a quarter of the memory holds', () => {
    expect(officePoolSize(2, 24 * GiB)).toBe(2);
    expect(officePoolSize(8, 24 * GiB)).toBe(8);
    // 1 GiB: a quarter holds one instance of ~250 MB, whatever the cores.
    expect(officePoolSize(8, 1 * GiB)).toBe(1);
    expect(officePoolSize(8, 2 * GiB)).toBe(2);
    expect(officePoolSize(4, 0.5 * GiB)).toBe(1);
  });

  it("is 'auto' unless LIBREOFFICE_POOL_SIZE gives a positive count", () => {
    expect(loadConfigFromEnv({}).libreOffice.poolSize).toBe('auto');
    expect(loadConfigFromEnv({ LIBREOFFICE_POOL_SIZE: '3' }).libreOffice.poolSize).toBe(3);
    for (const value of ['0', 'two', '-1', ''])
      expect(loadConfigFromEnv({ LIBREOFFICE_POOL_SIZE: value }).libreOffice.poolSize, value).toBe('auto');
  });
});

describe('LibreOffice warm-up', () => {
  it('starts every instance before the first job, which then starts none', async () => {
    await pool.warmUp();
    expect(pool.liveInstances).toBe(2);
    expect(pool.starts).toBe(2);
    // each instance also loaded Writer and its PDF export, on a blank document of the pool's own
    for (const index of [0, 1]) {
      const blank = join(pool.root, `profile-${index}`, 'warm-up.pdf');
      expect(execFileSync('pdftotext', [blank, '-'], { encoding: 'utf8' })).toContain('docstudio');
    }
    const output = join(work, 'warm.pdf');
    const answer = await pool.convert(
      {
        input: join(CORPUS_DIR, 'office/hdr-header-footer.docx'),
        output,
        filter: null,
        pageRange: null,
        pdfVersion: 0,
        password: null,
      },
      90_000,
      new AbortController().signal,
    );
    expect(answer.error ?? null, answer.detail).toBeNull();
    expect(Number(execFileSync('qpdf', ['--show-npages', output], { encoding: 'utf8' }))).toBeGreaterThan(0);
    expect(pool.starts).toBe(2);
  });

  it('ends when the pool shuts down during the warm-up, leaving no LibreOffice behind', async () => {
    const warming = new OfficePool({ size: 2, maxConversions: 100, isolateNetwork: false });
    const warm = warming.warmUp();
    // the first instance is on its way (its bridge has the pool's folder in its command line)
    await expect.poll(() => processesWith(warming.root).length, { timeout: 30_000 }).toBeGreaterThan(0);
    await warming.shutdown();
    await warm;
    expect(warming.liveInstances).toBe(0);
    expect(warming.down).toBe(false);
    await expect.poll(() => processesWith(warming.root).length, { timeout: 10_000 }).toBe(0);
  });

  it('is what the server does once it listens: ready at once, LibreOffice running before any job', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'office-warm-server-'));
    const server = await startServerProcess(dataDir, { LIBREOFFICE_POOL_SIZE: '1' });
    try {
      const ready = await fetch(`${server.apiUrl}/readyz`);
      expect(ready.status).toBe(200);
      // No conversion was asked for; the server's own soffice appears among its descendants.
      await expect
        .poll(() => descendantsOf(server.pid).filter((child) => child.comm.startsWith('soffice')).length, {
          timeout: 90_000,
          interval: 250,
        })
        .toBeGreaterThan(0);
      expect((await fetch(`${server.apiUrl}/readyz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
