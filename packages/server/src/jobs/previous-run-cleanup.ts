/**
 * What a crashed run left behind is dealt with before the server serves: its orphaned engine
 * processes are killed first (so they stop writing), then its LibreOffice pipe files in /tmp are
 * removed and its plaintext work folders shredded.
 */
import { removePipesOfEndedRuns } from '../engines/libreoffice/office-pipes';
import { killOrphanedEngines, tagServerEnvironment } from '../engines/orphaned-engines';
import { shredStaleWorkDirs, staleRunFolders } from '../storage/work-dir';

export interface PreviousRunCleanup {
  killedEngines: number;
  shreddedFolders: number;
}

export async function cleanUpPreviousRuns(): Promise<PreviousRunCleanup> {
  tagServerEnvironment();
  const killedEngines = killOrphanedEngines();
  const stale = await staleRunFolders();
  // LibreOffice's pipe files in /tmp, named from the profiles in the ended runs' folders: before those go
  await removePipesOfEndedRuns(stale);
  // a killed process may take a moment to release its files; shredding works on them either way
  const shreddedFolders = await shredStaleWorkDirs(stale);
  return { killedEngines, shreddedFolders };
}
