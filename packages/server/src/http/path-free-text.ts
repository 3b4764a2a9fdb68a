/**
 * The last guard before an error answer leaves: no file system path in a Message. Engines and
 * libraries name the files they choke on (`/dev/shm/docstudio-job-…/in/0.pdf`), and a message built
 * from theirs would tell a caller where the server keeps its data. Paths go to the logs only.
 */
import { tmpdir } from 'node:os';
import { workRootDir } from '../storage/work-dir';

/** An absolute path of two or more segments, not part of a URL or of a word like 'pdf/to/rotate'. */
const ABSOLUTE_PATH = /(^|[\s'"`(=:,[])\/(?:[\w.@%+~-]+\/)+[\w.@%+~-]*/g;

function escapeForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `text` with the given roots, the work and temp folders and any other absolute path replaced. */
export function withoutPaths(text: string, roots: readonly string[] = []): string {
  let clean = text;
  for (const root of [...roots, workRootDir(), tmpdir()]) {
    if (root.length > 1)
      clean = clean.replace(new RegExp(`${escapeForRegExp(root)}[^\\s'"\`)]*`, 'g'), 'a file');
  }
  return clean.replace(ABSOLUTE_PATH, (_match, before: string) => `${before}a file`);
}
