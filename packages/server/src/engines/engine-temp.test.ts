/**
 * Engines write their temporary files into this run's folder in the RAM-backed work root, never into
 * the system's TMPDIR (on disk on most hosts): checked with Ghostscript itself, started through the
 * engine runner, naming the temporary file it makes (where pdfwrite puts a document's streams). A
 * dead run's folder is shredded by the next start; a live run's is kept.
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { thisRunId } from '../storage/run-identity';
import { engineTempDir, shredStaleWorkDirs, workRootDir } from '../storage/work-dir';
import { engineEnv } from './orphaned-engines';
import { runEngine } from './run-engine';

describe("engines' temporary files", () => {
  it("are this run's private folder in the work root, every engine's TMPDIR", async () => {
    const folder = engineTempDir();
    expect(engineEnv().TMPDIR).toBe(folder);
    expect(dirname(folder)).toBe(workRootDir());
    expect(basename(folder).startsWith(`docstudio-tmp-${thisRunId()}-`)).toBe(true);
    expect((await stat(folder)).mode & 0o777).toBe(0o700);
  });

  it('are where Ghostscript makes its own', async () => {
    const { stdout } = await runEngine(
      'gs',
      ['-q', '-dNODISPLAY', '-dSAFER', '-dBATCH', '-c', '(docstudio_) (w) .tempfile closefile print flush'],
      { timeoutMs: 30_000 },
    );
    const made = stdout.toString('utf8').trim();
    try {
      expect(made).not.toBe('');
      expect(dirname(made)).toBe(engineTempDir());
    } finally {
      await rm(made, { force: true });
    }
  });

  it("of a dead run are shredded at start, a live run's kept", async () => {
    const dead = join(workRootDir(), 'docstudio-tmp-999999999.1-test');
    await mkdir(dead, { mode: 0o700 });
    await writeFile(join(dead, 'gs_left'), 'a partial stream of a document');
    const live = engineTempDir();
    await shredStaleWorkDirs();
    await expect(stat(dead)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(live)).isDirectory()).toBe(true);
  });
});
