/**
 * Overwrites files with zeros before deleting them. Work folders hold plaintext documents; on tmpfs
 * a deleted file's pages go back to the page cache as they are, so the content is wiped first.
 */
import type { Dirent } from 'node:fs';
import { open, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

const CHUNK = Buffer.alloc(1024 * 1024);

async function zeroFile(path: string): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    const { size } = await handle.stat();
    for (let at = 0; at < size; at += CHUNK.length)
      await handle.write(CHUNK, 0, Math.min(CHUNK.length, size - at), at);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function zeroTree(dir: string): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    // symbolic links are never followed: only the engine's own files are wiped
    if (entry.isDirectory()) await zeroTree(path);
    else if (entry.isFile()) await zeroFile(path).catch(() => undefined);
  }
}

/** Wipes every regular file under `dir`, then removes the folder. */
export async function shredTree(dir: string): Promise<void> {
  await zeroTree(dir);
  await rm(dir, { recursive: true, force: true });
}
