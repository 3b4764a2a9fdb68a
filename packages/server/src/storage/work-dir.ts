/**
 * Per-job work folders for converters' plaintext copies. They live on a RAM-backed tmpfs (/dev/shm
 * when writable) so plaintext documents never reach a disk, are private (0700), and are removed
 * when the job ends.
 */
import { accessSync, constants, statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const TMPFS_MAGIC = 0x01021994;

function pickWorkRoot(): string {
  try {
    accessSync('/dev/shm', constants.W_OK);
    if (statfsSync('/dev/shm').type === TMPFS_MAGIC) return '/dev/shm';
  } catch {
    // not on Linux, or /dev/shm is not usable: fall back
  }
  return tmpdir();
}

let workRoot: string | undefined;

/** Where work folders are made: /dev/shm on Linux, the OS temp folder elsewhere. */
export function workRootDir(): string {
  workRoot ??= pickWorkRoot();
  return workRoot;
}

export async function createWorkDir(): Promise<string> {
  // mkdtemp creates the folder with mode 0700
  return mkdtemp(join(workRootDir(), 'docstudio-job-'));
}

export async function removeWorkDir(path: string): Promise<void> {
  await rm(path, { recursive: true, force: true });
}
