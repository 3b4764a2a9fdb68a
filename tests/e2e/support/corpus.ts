/**
 * The shared corpus of real public documents lives beside the repository (../shared/corpus), in CI
 * too. A missing document is an error, never a skipped test.
 */
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordLogMarker } from './log-markers';

export const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
export const corpusDir = process.env.DOCSTUDIO_CORPUS ?? join(repoRoot, '..', 'shared', 'corpus');

export function corpusFile(relativePath: string): string {
  const path = join(corpusDir, relativePath);
  if (!existsSync(path)) throw new Error(`The corpus document ${relativePath} is missing from ${corpusDir}.`);
  // The file goes to the server under this name: the server's log must never show it.
  recordLogMarker('file name', basename(path));
  return path;
}

/** A document of the repository's own corpus (tests/corpus, sources in its MANIFEST.tsv). */
export function repoCorpusFile(relativePath: string): string {
  const path = join(repoRoot, 'tests', 'corpus', relativePath);
  if (!existsSync(path)) throw new Error(`The corpus document ${relativePath} is missing from tests/corpus.`);
  recordLogMarker('file name', basename(path));
  return path;
}
