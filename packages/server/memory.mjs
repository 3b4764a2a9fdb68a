/**
 * How the server's process uses memory, set by whoever launches it (npm start, the image, and the
 * tests' and benches' servers: testing/server-process.ts for the compiled one). Beside the package,
 * not in src: plain JavaScript that npm start imports before anything is built.
 *
 * - The allocator: jemalloc (Debian's libjemalloc2, in the engine list), preloaded. glibc's malloc
 *   keeps what the MuPDF worker threads, libuv's pool and libvips free in per-thread arenas: after 200
 *   mixed conversions and 15 s idle the server and its engines held 1.52× their fresh memory on glibc
 *   (two arenas), 1.30× on jemalloc (445 → 401 MB, `npm run bench -- small-jobs`). sharp also runs
 *   libvips single-threaded on glibc (its guard against that fragmentation) and on every core with
 *   jemalloc. Without the library, glibc with two arenas (MALLOC_ARENA_MAX=2) is the fallback.
 * - jemalloc's purging (MALLOC_CONF, JEMALLOC_CONF below): one background thread gives freed pages back
 *   to the system 1 s after they were freed. By default jemalloc keeps them 10 s and purges only when
 *   the process allocates again, so what an ended MuPDF worker or a finished burst of jobs freed stayed
 *   resident in an idle server. `npm run bench -- small-jobs`, two runs each way (MALLOC_CONF= gives
 *   jemalloc's defaults): fresh 292 vs 299-304 MB (server 85 vs 91-94), once idle 331 vs 340-345 MB,
 *   2 s after the 200 conversions 514-550 vs 544-566 MB, at the same rotate rate.
 * - V8's young generation on the main thread: 4 MB semi-spaces (`--max-semi-space-size=4`) instead of
 *   Node's 16. Under load V8 grows the new space to its limit and keeps it: 16 → 32 MB after the small-jobs
 *   bench, plus old space promoted early from it. With 4 MB the idle server after 200 mixed conversions
 *   held 1.12× its fresh memory instead of 1.36× (1, 2 and 4 MB alike), at the same rotate rate
 *   and mixed-conversion time (the main thread does HTTP, the database and the job bookkeeping; the
 *   heavy JavaScript runs in worker threads, whose own limits are in engines/mupdf-worker/task-pool.ts).
 * - V8's old-generation headroom: 3× what survived the last full collection (HEAP_GROWING_PERCENT,
 *   which main.ts sets: NODE_OPTIONS does not take this V8 option). V8 starts a full collection when
 *   the old generation, plus the buffers allocated since the last one (uploads, engine output,
 *   encrypted files: V8 counts this external memory against the same limit), nears a limit it sets
 *   after each full collection, here about 1.5× the ~20 MB that survives. A 50-file merge allocates
 *   about 15 MB of such buffers on the main thread, more than that headroom, so 8 merges in a row
 *   ran 4 to 9 full marks of the whole heap during their requests (20-30 ms of the main thread each
 *   on this machine). At 3× they run 0 or 1, and the merge took 105-111 ms instead of 120-142 (50 files,
 *   medians of 30, runs alternated). The collection still reclaims all, only later: RSS after the
 *   small-jobs bench was unchanged (2 s after: 1.63-1.67× fresh against 1.64-1.69×; idle: 1.06-1.07×).
 *
 * Engines keep their own allocator and heap: they get an allow-listed environment, without the preload
 * or NODE_OPTIONS (engineEnv, orphaned-engines.ts). The one exception is chosen per run: qpdf
 * assembling from many files gets jemalloc too (src/engines/qpdf.ts, where it was measured).
 */
import { existsSync } from 'node:fs';
import { arch } from 'node:os';

/** Debian's multiarch folders by Node's name for the architecture. */
const MULTIARCH = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' };

/** The main thread's semi-space size in MB (see above). */
export const SEMI_SPACE_MB = 4;

/** V8's --heap-growing-percent for the server's process (see above). */
export const HEAP_GROWING_PERCENT = 200;

/** jemalloc's options for the server (see above); a MALLOC_CONF the caller set wins. */
export const JEMALLOC_CONF =
  'background_thread:true,max_background_threads:1,dirty_decay_ms:1000,muzzy_decay_ms:0';

/** Where Debian's libjemalloc2 puts the library on this machine, if it is there. */
export function jemallocLibrary() {
  const folder = MULTIARCH[arch()];
  const path = folder && `/usr/lib/${folder}/libjemalloc.so.2`;
  return path && existsSync(path) ? path : undefined;
}

/**
 * The environment entries that set a server process's memory, to spread over the caller's environment
 * (`{ ...process.env, ...serverMemoryEnv() }`): an LD_PRELOAD, MALLOC_CONF, MALLOC_ARENA_MAX or
 * semi-space size the caller already set wins, and the caller's other NODE_OPTIONS are kept.
 */
export function serverMemoryEnv(env = process.env) {
  const options = env.NODE_OPTIONS ?? '';
  const NODE_OPTIONS = options.includes('--max-semi-space-size')
    ? options
    : `${options} --max-semi-space-size=${SEMI_SPACE_MB}`.trim();
  const library = jemallocLibrary();
  if (env.LD_PRELOAD !== undefined || !library)
    return { MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? '2', NODE_OPTIONS };
  return { LD_PRELOAD: library, MALLOC_CONF: env.MALLOC_CONF ?? JEMALLOC_CONF, NODE_OPTIONS };
}
