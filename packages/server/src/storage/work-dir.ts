/**
 * Per-job work folders for converters' plaintext copies. They live on a RAM-backed tmpfs (/dev/shm
 * when writable) so plaintext documents never reach a disk, are private (0700), and are removed
 * when the job ends. Their names carry the server run's id (`docstudio-job-<pid>.<start>-XXXXXX`), so
 * after a crash (SIGKILL, power loss of a container without a fresh tmpfs) the next start finds the
 * dead run's folders and shreds them before serving.
 */
import { accessSync, constants, type Dirent, statfsSync } from 'node:fs';
import { mkdtemp, readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunAlive, isRunId, thisRunId } from './run-identity';
import { shredTree } from './shred';

const PREFIX = 'docstudio-job-';

const TMPFS_MAGIC = 0x01021994;

/** Whether `folder` is a tmpfs (RAM-backed); false where that cannot be told. */
function isTmpfs(folder: string): boolean {
  try {
    return statfsSync(folder).type === TMPFS_MAGIC;
  } catch {
    return false; // not on Linux, or no such folder
  }
}

function pickWorkRoot(): { folder: string; ram: boolean } {
  try {
    accessSync('/dev/shm', constants.W_OK);
    if (isTmpfs('/dev/shm')) return { folder: '/dev/shm', ram: true };
  } catch {
    // /dev/shm is not usable: fall back
  }
  return { folder: tmpdir(), ram: isTmpfs(tmpdir()) };
}

let workRoot: { folder: string; ram: boolean } | undefined;
const pickedWorkRoot = () => (workRoot ??= pickWorkRoot());

/** Where work folders are made: /dev/shm on Linux, the OS temp folder elsewhere. */
export function workRootDir(): string {
  return pickedWorkRoot().folder;
}

/** True when the work root is RAM-backed: a write there never waits on a disk (work-file-writer.ts). */
export function workRootIsRam(): boolean {
  return pickedWorkRoot().ram;
}

export async function createWorkDir(): Promise<string> {
  // mkdtemp creates the folder with mode 0700
  return mkdtemp(join(workRootDir(), `${PREFIX}${thisRunId()}-`));
}

/**
 * Shreds (overwrites, then deletes) the work folders of runs that are no longer alive; returns how
 * many. Folders of live runs (another server on this machine) are left alone.
 */
export async function shredStaleWorkDirs(): Promise<number> {
  const root = workRootDir();
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  let shredded = 0;
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const run = name.slice(PREFIX.length, name.lastIndexOf('-'));
    if (!isRunId(run) || isRunAlive(run)) continue;
    await shredTree(join(root, name));
    shredded++;
  }
  return shredded;
}

/**
 * Removes a folder and everything in it, in the fewest calls: one listing per folder (its entries'
 * types come with it), one unlink per file, one rmdir per folder. `rm -r` first tries rmdir on every
 * folder, then lstats every entry: twice the calls for a job's `in/0.pdf` and its result, and on a
 * busy server each call is a hand-off to libuv's threads. Links are unlinked, never followed.
 */
async function removeTree(path: string): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(path, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await Promise.all(
    entries.map((entry) =>
      entry.isDirectory() ? removeTree(join(path, entry.name)) : unlink(join(path, entry.name)),
    ),
  );
  await rmdir(path);
}

export async function removeWorkDir(path: string): Promise<void> {
  // anything unexpected (a file appearing meanwhile, an odd file system) gets Node's own rm -r
  await removeTree(path).catch(() => rm(path, { recursive: true, force: true }));
}
