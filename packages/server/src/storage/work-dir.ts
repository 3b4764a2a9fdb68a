/**
 * Per-job work folders for converters' plaintext copies. They live on a RAM-backed tmpfs (/dev/shm
 * when writable) so plaintext documents never reach a disk, are private (0700), and are removed
 * when the job ends. Their names carry the server run's id (`docstudio-job-<pid>.<start>-XXXXXX`), so
 * after a crash (SIGKILL, power loss of a container without a fresh tmpfs) the next start finds the
 * dead run's folders and shreds them before serving.
 *
 * The engines' own temporary files go beside them, into one folder per run
 * (`docstudio-tmp-<pid>.<start>-XXXXXX`, every engine's TMPDIR: engineEnv in
 * engines/orphaned-engines.ts): Ghostscript's pdfwrite writes a document's streams into temporary
 * files (four gs_* per compress), LibreOffice its lu*.tmp folder and partial exports. With the
 * system's TMPDIR they went to /tmp, on disk here, and a killed engine left them there: a partial
 * PDF of a converted document was found in /tmp after a test run.
 */
import { accessSync, constants, type Dirent, existsSync, mkdtempSync, rmSync, statfsSync } from 'node:fs';
import { mkdtemp, readdir, rm, rmdir, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRunAlive, isRunId, thisRunId } from './run-identity';
import { shredTree } from './shred';

const PREFIX = 'docstudio-job-';
const ENGINE_TEMP_PREFIX = 'docstudio-tmp-';
/** The folders named after their run, which the next start shreds once that run is dead. */
const RUN_FOLDER_PREFIXES = [PREFIX, ENGINE_TEMP_PREFIX];

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

let engineTemp: string | undefined;

/**
 * This run's folder for the engines' temporary files (their TMPDIR), made on first use and removed
 * when the process exits; a crashed run's is shredded by the next start. Made again if it went away
 * meanwhile, since a process may outlive a cleaner of the work root.
 */
export function engineTempDir(): string {
  if (engineTemp && existsSync(engineTemp)) return engineTemp;
  const made = mkdtempSync(join(workRootDir(), `${ENGINE_TEMP_PREFIX}${thisRunId()}-`));
  // once per process: at exit, the folder made last (one that went away was made again)
  if (!engineTemp) process.once('exit', () => rmSync(engineTemp as string, { recursive: true, force: true }));
  engineTemp = made;
  return made;
}

/**
 * Shreds (overwrites, then deletes) the work and engine temporary folders of runs that are no longer
 * alive (`found`, when the caller has just listed them); returns how many. Folders of live runs
 * (another server on this machine) are left alone.
 */
export async function shredStaleWorkDirs(found?: readonly string[]): Promise<number> {
  const stale = found ?? (await staleRunFolders());
  for (const folder of stale) await shredTree(folder);
  return stale.length;
}

/** The work and engine temporary folders of runs that are no longer alive (what the next start shreds). */
export async function staleRunFolders(): Promise<string[]> {
  const root = workRootDir();
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return [];
  }
  return names
    .filter((name) => {
      const prefix = RUN_FOLDER_PREFIXES.find((candidate) => name.startsWith(candidate));
      const run = prefix && name.slice(prefix.length, name.lastIndexOf('-'));
      return run !== undefined && isRunId(run) && !isRunAlive(run);
    })
    .map((name) => join(root, name));
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
