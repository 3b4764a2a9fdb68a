/**
 * The pieces of GET /api/zip that are plain logic: reading the `files` list (FileId, or
 * FileId.expires.signature from a signed result Url) and giving every entry a unique name.
 */
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import type { LinkQuery } from './download-links';
import { MAX_ZIP_FILES } from './schemas/zip.schema';

export interface ZipRequestEntry {
  fileId: string;
  link: LinkQuery;
}

const invalid = (message: string) =>
  new ApiError(400, ErrorCode.ParameterValidation, message, { files: [message] });

/** `a,b.1767225600.sig` → the FileIds in order, each with the link signature it carried (if any). */
export function readZipEntries(files: string): ZipRequestEntry[] {
  const entries = files
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [fileId = '', expires, signature] = item.split('.');
      return { fileId, link: expires && signature ? { expires, signature } : {} };
    });
  if (entries.length === 0) throw invalid('Name at least one file.');
  if (entries.length > MAX_ZIP_FILES) throw invalid(`A ZIP holds at most ${MAX_ZIP_FILES} files.`);
  return entries;
}

/** 'part.pdf', 'part.pdf' → 'part.pdf', 'part (2).pdf': unzip tools would otherwise overwrite. */
export function uniqueEntryNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((raw) => {
    // Entry names are paths inside the archive: no folders, nothing that climbs out on extraction.
    const name = raw.replace(/[/\\]/g, '_').replace(/^\.+/, '_') || 'file';
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let count = 2; taken.has(candidate.toLowerCase()); count += 1)
      candidate = `${stem} (${count})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

/** The archive's own name: the given one (with .zip) or 'results.zip'. */
export function zipFileName(name: string | undefined): string {
  // No folders and no control characters (a header value must not carry them).
  const base = [...(name ?? '')]
    .map((char) => (char < ' ' || char === '/' || char === '\\' ? '_' : char))
    .join('')
    .trim();
  if (!base) return 'results.zip';
  return /\.zip$/i.test(base) ? base : `${base}.zip`;
}
