/**
 * The named pipes a soffice listens on, as files. LibreOffice's pipes are Unix sockets in /tmp (fixed
 * in its sal library: TMPDIR is not read), named after the user id: the UNO pipe the bridge connects
 * to (`--accept=pipe,name=…`), and its single-instance pipe, named by the MD5 of its UserInstallation
 * URL (UTF-16 code units, each digest byte in hex without padding: LibreOffice's
 * desktop/source/app/officeipcthread.cxx). A soffice that is killed cannot remove them: every crash,
 * timeout or wedge would leave two files in /tmp for good, so the instance removes them itself once
 * it has killed its soffice.
 */
import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';

const PIPE_FOLDER = '/tmp';

const pipePath = (name: string): string => join(PIPE_FOLDER, `OSL_PIPE_${process.getuid?.() ?? 0}_${name}`);

/** The single-instance pipe of a soffice started with -env:UserInstallation=`profileUrl`. */
export function singleInstancePipe(profileUrl: string): string {
  const digest = createHash('md5').update(Buffer.from(profileUrl, 'utf16le')).digest();
  return pipePath(`SingleOfficeIPC_${[...digest].map((byte) => byte.toString(16)).join('')}`);
}

/** The socket files of the soffice with this UNO pipe name and profile: gone, or never made. */
export function removePipes(pipeName: string, profileUrl: string): void {
  for (const path of [pipePath(pipeName), singleInstancePipe(profileUrl)]) rmSync(path, { force: true });
}
