/**
 * Where the shared test corpus is: `../shared/corpus` beside the repository (as in CI), or
 * DOCSTUDIO_CORPUS. One place, so no test or bench names a machine's own path.
 */
import { fileURLToPath } from 'node:url';

export const CORPUS_DIR: string =
  process.env.DOCSTUDIO_CORPUS ?? fileURLToPath(new URL('../../../../../shared/corpus', import.meta.url));

/**
 * The repository's own corpus (`tests/corpus`, MANIFEST.tsv there names each file's public source and
 * licence): the hard documents of conversion quality, kept beside the code that must handle them.
 */
export const REPO_CORPUS_DIR: string = fileURLToPath(new URL('../../../../tests/corpus', import.meta.url));
