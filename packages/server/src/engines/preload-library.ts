/**
 * Where a library the server preloads into an engine is (the C sources under engines/ that
 * packages/server/build.mjs lists in PRELOAD_LIBRARIES): built into dist/ with the system's C
 * compiler. Compiled, this module is a chunk in dist/ beside the libraries; from source (Vitest,
 * `node --import tsx`) they are found in the package's dist/ all the same, so
 * `npm run build -w @docstudio/server` comes first (npm start and npm test do). Undefined where one
 * was not built (no C compiler): the engine then runs as installed.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Compiled, the chunk sits beside them in dist/; from source they are in the package's dist/. */
const DIST_URL = new URL(import.meta.url.endsWith('.ts') ? '../../dist/' : './', import.meta.url);

const found = new Map<string, string | null>();

/**
 * The built library `fileName`'s path, or undefined when it is not there (looked up once). A path with
 * a space or a colon cannot go in LD_PRELOAD (both separate entries there): the engine then runs
 * without it.
 */
export function builtLibrary(fileName: string): string | undefined {
  let path = found.get(fileName);
  if (path === undefined) {
    const candidate = fileURLToPath(new URL(fileName, DIST_URL));
    path = existsSync(candidate) && !/[\s:]/.test(candidate) ? candidate : null;
    found.set(fileName, path);
  }
  return path ?? undefined;
}

/** `variables` with `libraries` (the built ones) added in front of any preload they name already. */
export function withPreloaded(
  variables: NodeJS.ProcessEnv,
  libraries: ReadonlyArray<string | undefined>,
): NodeJS.ProcessEnv {
  const preload = [...libraries, variables.LD_PRELOAD].filter(Boolean).join(' ');
  return preload ? { ...variables, LD_PRELOAD: preload } : variables;
}
