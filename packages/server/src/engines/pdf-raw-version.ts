/**
 * A PDF's version changed in place, in its header: what `qpdf --force-version` does for a file that has
 * nothing else it would rewrite. qpdf also drops object streams and cross-reference streams and
 * re-encrypts for an older version; a file with any of those, a catalogue /Version (which overrides
 * the header, ISO 32000-1 §7.2.2) or a chain that does not read exactly is left to qpdf. LibreOffice's
 * exports have none of them: office/to/pdf relabels its 1.6 output as the asked 1.4 or 1.7 without a
 * qpdf process (which cost more per conversion than the rest of the server's part of it).
 */
import { open } from 'node:fs/promises';
import { rawBytesIfSmall, xrefChain } from './pdf-raw-structure';

/** `%PDF-1.6` at the very start; a longer number (`%PDF-1.10`) is not one this rewrites. */
const HEADER = /^%PDF-\d\.\d(?![0-9])/;
/** Where the version's three characters (`1.6`) sit in the header. */
const VERSION_AT = 5;
/**
 * What qpdf would rewrite, or what outranks the header: any of these names anywhere, and qpdf runs
 * (`/XRef` also catches a hybrid file's `/XRefStm`, whose stream the chain below does not follow).
 */
const REWRITTEN = ['/ObjStm', '/XRef', '/Encrypt', '/Version'];

/** True when the header alone can carry `version` (x.y): the file has nothing qpdf would change. */
export function canRelabelVersion(bytes: Buffer, version: string): boolean {
  if (!/^\d\.\d$/.test(version)) return false;
  const text = bytes.toString('latin1');
  if (!HEADER.test(text) || REWRITTEN.some((name) => text.includes(name))) return false;
  const chain = xrefChain(text, bytes);
  return chain !== undefined && chain.every((section) => section.kind === 'table');
}

/**
 * Writes `version` into the header of the PDF at `path` when that is all qpdf would change (files
 * read on the server's thread only, see rawBytesIfSmall); false, and the file untouched, otherwise.
 */
export async function relabelVersionInPlace(path: string, version: string): Promise<boolean> {
  const bytes = await rawBytesIfSmall(path);
  if (!bytes || !canRelabelVersion(bytes, version)) return false;
  const handle = await open(path, 'r+');
  try {
    await handle.write(Buffer.from(version, 'latin1'), 0, version.length, VERSION_AT);
  } finally {
    await handle.close();
  }
  return true;
}
