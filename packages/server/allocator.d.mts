/** Where Debian's libjemalloc2 puts the library on this machine, if it is there. */
export function jemallocLibrary(): string | undefined;
/** The environment entries that give a server process its allocator (jemalloc preloaded, else glibc with two arenas). */
export function allocatorEnv(env?: NodeJS.ProcessEnv): Record<string, string>;
