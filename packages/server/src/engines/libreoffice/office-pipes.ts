/**
 * The named pipes a soffice listens on, as files. LibreOffice's pipes are Unix sockets in /tmp (fixed
 * in its sal library: TMPDIR is not read), named after the user id: the UNO pipe the bridge connects
 * to (`--accept=pipe,name=…`), and its single-instance pipe, named by the MD5 of its UserInstallation
 * URL (UTF-16 code units, each digest byte in hex without padding: LibreOffice's
 * desktop/source/app/officeipcthread.cxx). A soffice that is killed cannot remove them: every crash,
 * timeout or wedge would leave two files in /tmp for good, so the instance removes them itself once
 * it has killed its soffice, and a server's start removes those a crashed run left.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { isRunAlive, thisRunId } from '../../storage/run-identity';
import { POOL_FOLDER_PREFIX, profileUrlOf, SLOT_FOLDER_PREFIX } from './profile';

const PIPE_FOLDER = '/tmp';

const PIPE_PREFIX = `OSL_PIPE_${process.getuid?.() ?? 0}_`;
const pipePath = (name: string): string => join(PIPE_FOLDER, `${PIPE_PREFIX}${name}`);

/** A UNO pipe name of this run's: its run id in it tells a later start whether its server is gone. */
export const unoPipeName = (random: string): string => `docstudio_${thisRunId()}_${random}`;

/** The single-instance pipe of a soffice started with -env:UserInstallation=`profileUrl`. */
export function singleInstancePipe(profileUrl: string): string {
  const digest = createHash('md5').update(Buffer.from(profileUrl, 'utf16le')).digest();
  return pipePath(`SingleOfficeIPC_${[...digest].map((byte) => byte.toString(16)).join('')}`);
}

/** The socket files of the soffice with this UNO pipe name and profile: gone, or never made. */
export function removePipes(pipeName: string, profileUrl: string): void {
  for (const path of [pipePath(pipeName), singleInstancePipe(profileUrl)]) rmSync(path, { force: true });
}

/** The folders in `folder` whose names start with `prefix` (none where it cannot be read). */
async function subfolders(folder: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && entry.name.startsWith(prefix))
    .map((entry) => join(folder, entry.name));
}

/** Every folder reached by taking, level by level, the subfolders whose names start as given. */
async function foldersAlong(roots: readonly string[], prefixes: readonly string[]): Promise<string[]> {
  let level = [...roots];
  for (const prefix of prefixes)
    level = (await Promise.all(level.map((folder) => subfolders(folder, prefix)))).flat();
  return level;
}

/**
 * Removes the pipe files of the soffice instances of runs that ended without removing them (a server
 * killed with its instances, or before it could stop them): UNO pipes named with a run that is over,
 * and the single-instance pipes of the profiles in `staleRunFolders` (laid out as profile.ts says).
 */
export async function removePipesOfEndedRuns(staleRunFolders: readonly string[]): Promise<void> {
  const ended = (await readdir(PIPE_FOLDER).catch(() => [])).filter((name) => {
    if (!name.startsWith(PIPE_PREFIX)) return false;
    const run = /^docstudio_(\d+\.\d+)_[0-9a-f]+$/.exec(name.slice(PIPE_PREFIX.length))?.[1];
    return run !== undefined && !isRunAlive(run);
  });
  for (const name of ended) rmSync(join(PIPE_FOLDER, name), { force: true });
  const profiles = await foldersAlong(staleRunFolders, [POOL_FOLDER_PREFIX, SLOT_FOLDER_PREFIX, '']);
  for (const profile of profiles) rmSync(singleInstancePipe(profileUrlOf(profile)), { force: true });
}
