/**
 * What a crashed run left behind is dealt with before the server serves: its orphaned engine
 * processes are killed first (so they stop writing), then its plaintext work folders are shredded.
 */
import { killOrphanedEngines, tagServerEnvironment } from '../engines/orphaned-engines';
import { shredStaleWorkDirs } from '../storage/work-dir';

export interface PreviousRunCleanup {
  killedEngines: number;
  shreddedFolders: number;
}

export async function cleanUpPreviousRuns(): Promise<PreviousRunCleanup> {
  tagServerEnvironment();
  const killedEngines = killOrphanedEngines();
  // a killed process may take a moment to release its files; shredding works on them either way
  const shreddedFolders = await shredStaleWorkDirs();
  return { killedEngines, shreddedFolders };
}
