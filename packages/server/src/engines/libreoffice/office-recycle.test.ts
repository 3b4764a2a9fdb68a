/**
 * A LibreOffice instance that has done `maxConversions` jobs is replaced right after its last one, in
 * the background: the next job finds the successor warm instead of waiting for its start.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../../testing/corpus';
import { pageCount } from '../../testing/pdf-tools';
import { OfficePool } from './office-pool';

const RTF = join(CORPUS_DIR, 'office/simple_table.rtf');
const pool = new OfficePool({ size: 1, maxConversions: 2, isolateNetwork: false });
const work = await mkdtemp(join(tmpdir(), 'office-recycle-'));

afterAll(async () => {
  await pool.shutdown();
  await rm(work, { recursive: true, force: true });
});

const convert = (name: string) =>
  pool.convert(
    { input: RTF, output: join(work, name), filter: null, pageRange: null, pdfVersion: 0, password: null },
    90_000,
    new AbortController().signal,
  );

describe('LibreOffice pool recycling', () => {
  it('starts the successor of a worn instance after its last job, not in the next one', async () => {
    for (const name of ['1.pdf', '2.pdf']) expect((await convert(name)).error ?? null).toBeNull();
    // no job is running: the successor starts on its own
    await expect.poll(() => pool.starts, { timeout: 60_000 }).toBe(2);
    await expect.poll(() => pool.liveInstances, { timeout: 60_000 }).toBe(1);
    expect((await convert('3.pdf')).error ?? null).toBeNull();
    expect(await pageCount(join(work, '3.pdf'))).toBe(1);
    // the third job used that successor and started none itself
    expect(pool.starts).toBe(2);
  }, 120_000);
});
