/**
 * The libraries built with the server (preload-library.ts) that every run of an engine gets: qpdf
 * seeks inside its read buffer without a system call (stdio-seek/seek-in-buffer.c, where it was
 * measured) and fails when an output cannot be written in full (qpdf-write-check/write-check.c).
 * A run's own variables may name more (engines/qpdf.ts preloads jemalloc and exit-after-write.so into
 * page assemblies); these go in front of them, and all load.
 */
import { withPreloaded } from './preload-library';
import { writeCheckLibrary } from './qpdf-write-check/write-check';
import { seekInBufferLibrary } from './stdio-seek/seek-in-buffer';

const ENGINE_PRELOADS: Record<string, ReadonlyArray<() => string | undefined>> = {
  qpdf: [seekInBufferLibrary, writeCheckLibrary],
};

/**
 * The variables an engine run gets (`variables`, on top of the engines' environment) for `command`,
 * with its libraries in front of any preload they name. They are the run's own variables, not the
 * server's environment (whose variables the configuration table of the README lists).
 */
export function withEnginePreloads(command: string, variables: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const libraries = ENGINE_PRELOADS[command];
  return libraries
    ? withPreloaded(
        variables,
        libraries.map((library) => library()),
      )
    : variables;
}
