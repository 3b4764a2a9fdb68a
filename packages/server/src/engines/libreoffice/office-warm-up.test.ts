/**
 * The pool's size from the machine, its warm-up and how it grows and shrinks: an 'auto' pool holds
 * up to one instance per LibreOffice job the queue runs at once, as many as a quarter of the memory
 * holds; warmUp() starts the first instance (and has it load Writer and its PDF export once) before
 * any job, and the server (main.ts) does so once it listens, without making readiness wait for
 * LibreOffice. Overlapping jobs start the others; instances beyond the first end when idle.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfigFromEnv } from '../../config';
import { engineTempDir } from '../../storage/work-dir';
import { CORPUS_DIR } from '../../testing/corpus';
import { descendantsOf, processesWith } from '../../testing/process-tree';
import { startServerProcess } from '../../testing/server-process';
import { OfficePool } from './office-pool';
import { officePoolSize } from './pool-size';

const GiB = 1024 * 1024 * 1024;
const work = await mkdtemp(join(tmpdir(), 'office-warm-up-'));
const IDLE_MS = 1500;
const pool = new OfficePool({ size: 2, maxConversions: 100, isolateNetwork: false, idleMs: IDLE_MS });
const convertDocx = (name: string, output: string) =>
  pool.convert(
    {
      input: join(CORPUS_DIR, 'office', name),
      output,
      filter: null,
      pageRange: null,
      pdfVersion: 0,
      password: null,
    },
    90_000,
    new AbortController().signal,
  );
const pages = (pdf: string): number =>
  Number(execFileSync('qpdf', ['--show-npages', pdf], { encoding: 'utf8' }));

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
  it('starts one instance before the first job, which then starts none', async () => {
    // a server secret in the environment stays out of LibreOffice's (it reads hostile documents)
    const secret = `secret-${process.pid}-${Date.now()}`;
    process.env.DOCSTUDIO_TEST_SECRET = secret;
    await pool.warmUp();
    delete process.env.DOCSTUDIO_TEST_SECRET;
    expect(pool.liveInstances).toBe(1);
    expect(pool.starts).toBe(1);
    const instance = processesWith(pool.root);
    expect(instance.length).toBeGreaterThan(0);
    // its profiles and temporary files are in the run's folder on the RAM-backed work root
    expect(pool.root.startsWith(`${engineTempDir()}/`)).toBe(true);
    for (const { pid } of instance) {
      const environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
      expect(environ).toContain('DOCSTUDIO_ENGINE_RUN=');
      expect(environ.split('\0')).toContain(`TMPDIR=${engineTempDir()}`);
      expect(environ).not.toContain(secret);
    }
    // the instance also loaded Writer and its PDF export, on a blank document of the pool's own
    const blank = join(pool.root, 'profile-0', 'warm-up.pdf');
    expect(execFileSync('pdftotext', [blank, '-'], { encoding: 'utf8' })).toContain('docstudio');
    const output = join(work, 'warm.pdf');
    const answer = await convertDocx('hdr-header-footer.docx', output);
    expect(answer.error ?? null, answer.detail).toBeNull();
    expect(pages(output)).toBeGreaterThan(0);
    expect(pool.starts).toBe(1);
  });

  it('starts another instance while jobs overlap, and stops it again once it idles', async () => {
    const names = [
      'hdr-header-footer.docx',
      'tbl-having-tables.docx',
      'having-images.docx',
      'hdr-header-footer.docx',
    ];
    const answers = await Promise.all(
      names.map((name, index) => convertDocx(name, join(work, `overlap-${index}.pdf`))),
    );
    for (const [index, answer] of answers.entries()) {
      expect(answer.error ?? null, answer.detail).toBeNull();
      expect(pages(join(work, `overlap-${index}.pdf`))).toBeGreaterThan(0);
    }
    // the second slot was started for the jobs that found the first instance busy
    expect(pool.starts).toBe(2);
    // idle past IDLE_MS: the second instance (and its processes) ends, the first stays warm
    await expect.poll(() => pool.liveInstances, { timeout: 30_000, interval: 200 }).toBe(1);
    await expect.poll(() => processesWith(join(pool.root, 'profile-1')).length, { timeout: 15_000 }).toBe(0);
    expect(processesWith(join(pool.root, 'profile-0')).length).toBeGreaterThan(0);
    // and it is started again when jobs overlap again
    const again = await Promise.all(
      names.map((name, index) => convertDocx(name, join(work, `again-${index}.pdf`))),
    );
    for (const answer of again) expect(answer.error ?? null, answer.detail).toBeNull();
    expect(pool.starts).toBe(3);
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
