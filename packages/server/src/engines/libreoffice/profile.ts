/**
 * A private, hardened LibreOffice profile per instance. registrymodifications.xcu switches off
 * everything that lets a document act on its own: macros never run, links and DDE are never updated,
 * formulas are not recalculated on load (so WEBSERVICE() is not fetched), and linked images from an
 * untrusted document are blocked. Java is off to keep start-up short.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

interface Setting {
  path: string;
  name: string;
  value: string;
}

export const HARDENED_SETTINGS: readonly Setting[] = [
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'MacroSecurityLevel', value: '3' },
  { path: '/org.openoffice.Office.Common/Security/Scripting', name: 'DisableMacrosExecution', value: 'true' },
  {
    path: '/org.openoffice.Office.Common/Security/Scripting',
    name: 'BlockUntrustedRefererLinks',
    value: 'true',
  },
  // Writer: 0 always, 1 on request, 2 never. Calc: 0 always, 1 never, 2 on request.
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Link', value: '2' },
  { path: '/org.openoffice.Office.Writer/Content/Update', name: 'Field', value: 'false' },
  { path: '/org.openoffice.Office.Calc/Content/Update', name: 'Link', value: '1' },
  // Formula recalculation on load: 1 = never (WEBSERVICE() and external references stay as saved).
  { path: '/org.openoffice.Office.Calc/Formula/Load', name: 'OOXMLRecalcMode', value: '1' },
  { path: '/org.openoffice.Office.Calc/Formula/Load', name: 'ODFRecalcMode', value: '1' },
  { path: '/org.openoffice.Office.Java/VirtualMachine', name: 'Enable', value: 'false' },
  { path: '/org.openoffice.Office.Common/Misc', name: 'UseLocking', value: 'false' },
  { path: '/org.openoffice.Office.Common/Misc', name: 'ShowTipOfTheDay', value: 'false' },
  { path: '/org.openoffice.Office.Common/Misc', name: 'FirstRun', value: 'false' },
  { path: '/org.openoffice.Office.Common/Save/Document', name: 'LoadPrinter', value: 'false' },
  { path: '/org.openoffice.Office.Common/Misc', name: 'PerformFileIntegrityCheck', value: 'false' },
  { path: '/org.openoffice.Office.Recovery/AutoSave', name: 'Enabled', value: 'false' },
  { path: '/org.openoffice.Office.Recovery/RecoveryInfo', name: 'Enabled', value: 'false' },
];

export function registryXml(settings: readonly Setting[] = HARDENED_SETTINGS): string {
  const items = settings
    .map(
      (s) =>
        `<item oor:path="${s.path}"><prop oor:name="${s.name}" oor:op="fuse"><value>${s.value}</value></prop></item>`,
    )
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
${items}
</oor:items>
`;
}

/**
 * Where a pool keeps its profiles, in the run's engine folder: `office-*` (the pool) / `profile-<n>`
 * (a slot) / `<generation>` (one instance's profile). The pool makes them; a later start finds a
 * crashed run's profiles by the same names (office-pipes.ts).
 */
export const POOL_FOLDER_PREFIX = 'office-';
export const SLOT_FOLDER_PREFIX = 'profile-';

/** The file: URL of the profile in `dir`, as -env:UserInstallation takes it. */
export const profileUrlOf = (dir: string): string => `file://${dir}`;

/** Writes a fresh hardened profile under `dir` and returns its file: URL for -env:UserInstallation. */
export async function createHardenedProfile(dir: string): Promise<string> {
  await mkdir(join(dir, 'user'), { recursive: true, mode: 0o700 });
  await writeFile(join(dir, 'user', 'registrymodifications.xcu'), registryXml(), { mode: 0o600 });
  return profileUrlOf(dir);
}
