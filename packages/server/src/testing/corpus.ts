/**
 * Where the shared test corpus is: `../shared/corpus` beside the repository (as in CI), or
 * DOCSTUDIO_CORPUS. One place, so no test or bench names a machine's own path.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR: string =
  process.env.DOCSTUDIO_CORPUS ?? fileURLToPath(new URL('../../../../../shared/corpus', import.meta.url));

/**
 * Ten PDFs of other producers (bookmarks, page labels, a form, a scan, a turned page): the 50-file
 * merge of the benches and of the tests that check what that merge costs the server takes them five
 * times over.
 */
export const MERGE_SET: readonly string[] = [
  'pdf/pdflatex-4-pages.pdf',
  'pdf/pdflatex-outline.pdf',
  'pdf/crazyones.pdf',
  'pdf/multicolumn.pdf',
  'pdf/tagged.pdf',
  'pdf/scotus-transcript-p1.pdf',
  'pdf/libreoffice-form.pdf',
  'pdf-tables/foo.pdf',
  'pdf-scanned/linn.pdf',
  'pdf/habibi-rotated.pdf',
].map((name) => join(CORPUS_DIR, name));

/**
 * The repository's own corpus (`tests/corpus`, MANIFEST.tsv there names each file's public source and
 * licence): the hard documents of conversion quality, kept beside the code that must handle them.
 */
export const REPO_CORPUS_DIR: string = fileURLToPath(new URL('../../../../tests/corpus', import.meta.url));

/** Every PDF of both corpora (other producers' files, damaged and encrypted ones among them). */
export async function corpusPdfs(): Promise<string[]> {
  const lists = await Promise.all(
    [CORPUS_DIR, REPO_CORPUS_DIR].map(async (dir) => {
      const entries = await readdir(dir, { recursive: true, withFileTypes: true });
      return entries
        .filter((entry) => entry.isFile() && entry.name.toLowerCase().endsWith('.pdf'))
        .map((entry) => join(entry.parentPath, entry.name));
    }),
  );
  return lists.flat();
}
