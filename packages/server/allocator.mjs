/**
 * The memory allocator the server runs on: jemalloc (Debian's libjemalloc2, in the engine list),
 * preloaded by whoever launches the server (npm start, the image, and the tests' and benches' servers:
 * testing/server-process.ts for the compiled one). Beside the package, not in src: plain JavaScript
 * that npm start imports before anything is built.
 * glibc's malloc keeps what the MuPDF worker threads, libuv's pool and libvips free in per-thread
 * arenas: after 200 mixed conversions and 15 s idle the server and its engines held 1.52× their
 * fresh memory on glibc (two arenas), 1.30× on jemalloc (445 → 401 MB, `npm run bench --
 * small-jobs`). sharp also runs libvips single-threaded on glibc (its guard against that
 * fragmentation) and on every core with jemalloc. Engines keep their own
 * allocator: they get an allow-listed environment without the preload (engineEnv, orphaned-engines.ts).
 * Without the library, glibc with two arenas (MALLOC_ARENA_MAX=2) is the fallback.
 */
import { existsSync } from 'node:fs';
import { arch } from 'node:os';

/** Debian's multiarch folders by Node's name for the architecture. */
const MULTIARCH = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' };

/** Where Debian's libjemalloc2 puts the library on this machine, if it is there. */
export function jemallocLibrary() {
  const folder = MULTIARCH[arch()];
  const path = folder && `/usr/lib/${folder}/libjemalloc.so.2`;
  return path && existsSync(path) ? path : undefined;
}

/**
 * The environment entries that give a server process its allocator; an LD_PRELOAD or MALLOC_ARENA_MAX
 * the caller already set wins.
 */
export function allocatorEnv(env = process.env) {
  const library = jemallocLibrary();
  if (env.LD_PRELOAD !== undefined || !library) return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2' };
  return { LD_PRELOAD: library };
}
