/**
 * A job's work folder goes away whole when the job ends: nested folders, files of every size, links
 * unlinked without touching what they point to, and a folder already gone is no error.
 */
import { mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkDir, removeWorkDir } from './work-dir';

let outside: string;
beforeAll(async () => {
  outside = await mkdtemp(join(tmpdir(), 'work-dir-outside-'));
  await writeFile(join(outside, 'keep.pdf'), 'not the job’s to delete');
  await mkdir(join(outside, 'folder'));
  await writeFile(join(outside, 'folder', 'inner.txt'), 'also kept');
});
afterAll(async () => {
  await rm(outside, { recursive: true, force: true });
});

const exists = (path: string): Promise<boolean> =>
  stat(path).then(
    () => true,
    () => false,
  );

describe('removeWorkDir', () => {
  it('removes the folder with its inputs, results and nested folders', async () => {
    const dir = await createWorkDir();
    await mkdir(join(dir, 'in'), { mode: 0o700 });
    await writeFile(join(dir, 'in', '0.pdf'), Buffer.alloc(3 * 1024 * 1024, 1));
    await writeFile(join(dir, 'result-rotated.pdf'), 'result');
    await mkdir(join(dir, 'pages', 'deeper'), { recursive: true });
    await writeFile(join(dir, 'pages', 'deeper', 'page-1.jpg'), 'jpg');
    await writeFile(join(dir, 'pages', 'page-2.jpg'), 'jpg');
    await removeWorkDir(dir);
    expect(await exists(dir)).toBe(false);
  });

  it('unlinks links without following them', async () => {
    const dir = await createWorkDir();
    await symlink(join(outside, 'keep.pdf'), join(dir, 'link-to-file.pdf'));
    await symlink(join(outside, 'folder'), join(dir, 'link-to-folder'));
    await removeWorkDir(dir);
    expect(await exists(dir)).toBe(false);
    expect(await readFile(join(outside, 'keep.pdf'), 'utf8')).toBe('not the job’s to delete');
    expect(await readFile(join(outside, 'folder', 'inner.txt'), 'utf8')).toBe('also kept');
  });

  it('is no error for a folder already gone', async () => {
    const dir = await createWorkDir();
    await removeWorkDir(dir);
    await expect(removeWorkDir(dir)).resolves.toBeUndefined();
  });
});
