/** The main thread's semi-space size in MB (`--max-semi-space-size`). */
export const SEMI_SPACE_MB: number;
/** V8's --heap-growing-percent for the server's process, set by main.ts. */
export const HEAP_GROWING_PERCENT: number;
/** jemalloc's options for the server process (MALLOC_CONF): background purging, 1 s after a free. */
export const JEMALLOC_CONF: string;
/** Where Debian's libjemalloc2 puts the library on this machine, if it is there. */
export function jemallocLibrary(): string | undefined;
/**
 * The environment entries that set a server process's memory (jemalloc preloaded with its purging
 * options, else glibc with two arenas; the main thread's semi-space size in NODE_OPTIONS), to spread
 * over the caller's environment.
 */
export function serverMemoryEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
