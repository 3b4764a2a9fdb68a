/**
 * The seek-in-buffer library (seek-in-buffer.c, why it exists in its header), built with the server
 * (preload-library.ts), and the engines it is preloaded into.
 */
import { builtLibrary, withPreloaded } from '../preload-library';

/** dist/seek-in-buffer.so, or undefined where it was not built: qpdf then runs as installed. */
export const seekInBufferLibrary = (): string | undefined => builtLibrary('seek-in-buffer.so');

/** The engines the library is preloaded into: qpdf, where it was measured (seek-in-buffer.c). */
const SEEKING_ENGINES = new Set(['qpdf']);

/**
 * The variables an engine run gets (`variables`, on top of the engines' environment) for `command`,
 * with the library added in front of any preload they name (qpdf on jemalloc for big assemblies:
 * both load). They are the run's own variables, not the server's environment (whose variables the
 * configuration table of the README lists).
 */
export function withSeekInBuffer(command: string, variables: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return SEEKING_ENGINES.has(command) ? withPreloaded(variables, [seekInBufferLibrary()]) : variables;
}
