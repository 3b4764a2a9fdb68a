/**
 * Where the seek-in-buffer library is (seek-in-buffer.c, why it exists in its header): built by
 * packages/server/build.mjs into dist/ with the system's C compiler. Compiled, this module is a chunk
 * in dist/ beside the library; from source (Vitest, `node --import tsx`) the library is found in the
 * package's dist/ all the same, so `npm run build -w @docstudio/server` comes first (npm start and
 * npm test do). Undefined where it was not built (no C compiler): qpdf then runs as installed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Compiled, the chunk sits beside it in dist/; from source it is in the package's dist/. */
const LIBRARY_URL = new URL(
  import.meta.url.endsWith('.ts') ? '../../../dist/seek-in-buffer.so' : './seek-in-buffer.so',
  import.meta.url,
);

/**
 * The library's path, or undefined when it is not there (looked up once). A path with a space or a
 * colon cannot go in LD_PRELOAD (both separate entries there): qpdf then runs without it.
 */
let found: string | null | undefined;
export function seekInBufferLibrary(): string | undefined {
  if (found === undefined) {
    const path = fileURLToPath(LIBRARY_URL);
    found = existsSync(path) && !/[\s:]/.test(path) ? path : null;
  }
  return found ?? undefined;
}

/** The engines the library is preloaded into: qpdf, where it was measured (seek-in-buffer.c). */
const SEEKING_ENGINES = new Set(['qpdf']);

/**
 * The variables an engine run gets (`variables`, on top of the engines' environment) for `command`,
 * with the library added in front of any preload they name (qpdf on jemalloc for big assemblies:
 * both load). They are the run's own variables, not the server's environment (whose variables the
 * configuration table of the README lists).
 */
export function withSeekInBuffer(command: string, variables: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const library = SEEKING_ENGINES.has(command) ? seekInBufferLibrary() : undefined;
  if (!library) return variables;
  return { ...variables, LD_PRELOAD: [library, variables.LD_PRELOAD].filter(Boolean).join(' ') };
}
