/**
 * Files written into a work folder: synchronously on the RAM-backed work root, with Node's own stream
 * anywhere else; in both the same bytes, private (0600), and a failure ends the pipeline with its
 * error and leaves no file descriptor open.
 */
import { randomBytes } from 'node:crypto';
import { WriteStream } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createWorkDir, removeWorkDir, workRootDir, workRootIsRam } from './work-dir';
import { createWorkFileStream } from './work-file-writer';

let workDir: string;
beforeEach(async () => {
  workDir = await createWorkDir();
});
afterEach(async () => {
  await removeWorkDir(workDir);
});

/** 3 MB in chunks of odd sizes, as a socket delivers an upload. */
function upload(): { data: Buffer; source: Readable } {
  const data = randomBytes(3 * 1024 * 1024 + 17);
  const chunks: Buffer[] = [];
  for (let at = 0, size = 1; at < data.length; at += size, size = (size * 7 + 13) % 70_000)
    chunks.push(data.subarray(at, at + size));
  return { data, source: Readable.from(chunks) };
}

const openDescriptors = async (): Promise<number> => (await readdir('/proc/self/fd')).length;

describe('createWorkFileStream', () => {
  it('writes a file of the RAM-backed work root synchronously: the same bytes, private', async () => {
    expect(workRootDir()).toBe('/dev/shm'); // Linux, as the server runs
    expect(workRootIsRam()).toBe(true);
    const path = join(workDir, 'upload.pdf');
    const sink = createWorkFileStream(path);
    expect(sink).not.toBeInstanceOf(WriteStream);
    const { data, source } = upload();
    await pipeline(source, sink);
    expect((await readFile(path)).equals(data)).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('uses Node’s asynchronous stream outside the work root, with the same result', async () => {
    const outside = await mkdtemp(join(tmpdir(), 'work-file-outside-'));
    try {
      const path = join(outside, 'upload.pdf');
      const sink = createWorkFileStream(path);
      expect(sink).toBeInstanceOf(WriteStream);
      const { data, source } = upload();
      await pipeline(source, sink);
      expect((await readFile(path)).equals(data)).toBe(true);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
    } finally {
      await rm(outside, { recursive: true, force: true });
    }
  });

  it('fails the pipeline when the file cannot be made, and leaves nothing open', async () => {
    const before = await openDescriptors();
    const path = join(workDir, 'no-such-folder', 'upload.pdf');
    await expect(pipeline(upload().source, createWorkFileStream(path))).rejects.toMatchObject({
      code: 'ENOENT',
    });
    expect(await openDescriptors()).toBe(before);
  });

  it('closes the file when the upload is cut off midway', async () => {
    const before = await openDescriptors();
    const path = join(workDir, 'cut.pdf');
    const cut = new Error('client went away');
    const source = new Readable({
      read() {
        this.push(Buffer.alloc(64 * 1024, 1));
        this.destroy(cut);
      },
    });
    await expect(pipeline(source, createWorkFileStream(path))).rejects.toBe(cut);
    expect(await openDescriptors()).toBe(before);
  });
});
