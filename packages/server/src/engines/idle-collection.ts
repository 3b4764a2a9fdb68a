/**
 * A thread's garbage collected once it idles, on the server's main thread and in every MuPDF worker
 * thread (each thread has its own copy of this module's state). V8 collects when a thread allocates,
 * and an idle thread allocates nothing:
 * - a worker kept what its last task left behind (pdf-lib's parse of a whole file, pixel and file
 *   buffers held by dead objects, MuPDF objects whose finalizers free their WebAssembly memory) until
 *   it ended, 10 s later (mupdf-worker/task-pool.ts);
 * - the main thread kept the garbage of the last requests (upload buffers, parsed forms, answers)
 *   until V8's memory reducer came by, 8 s or more after its last collection, or later.
 * Now a thread whose work has all ended and stayed ended a moment (IDLE_BEFORE_COLLECTION_MS) runs one
 * full collection, if its heap grew since the last one, or if something it held memory for has ended
 * since (a MuPDF worker thread, see heldMemoryReleased). Work that starts first cancels it, so a thread
 * under steady load never pays for it.
 *
 * Work is counted wherever it starts and ends; collecting is the process's choice, made where it is
 * launched, as its allocator and heap sizes are (packages/server/memory.mjs): main.ts turns it on for
 * the server's main thread, each worker for itself. A server created inside another program (the
 * tests' in-process servers) leaves that program's heap to it.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How long a thread's work stays ended before it collects. A worker: long enough that the next task of
 * a busy job (page after page) arrives first. The main thread waits longer: the request after a
 * collection starts on a compacted heap and pays part of it back (a 50-file merge 5-10 ms slower, in
 * pairs against the build before, when every request came 400 ms after the last); a pause of a second
 * or more is a quiet server, not a client between two requests.
 */
export const IDLE_BEFORE_COLLECTION_MS = { worker: 250, mainThread: 1000 } as const;

/**
 * Growth of the heap since the last collection below which an idle thread is left alone: a health
 * probe or a token check between quiet spells allocates far less, and is not worth a full collection.
 */
const WORTH_COLLECTING_BYTES = 2 * 1024 * 1024;

/**
 * V8 gives `gc` only to contexts created while --expose-gc is set: one context is made with it, then
 * the flag is cleared again, so no other context of the process gets a `gc` global (Jest's leak
 * detector does the same).
 */
export function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

let collectGarbage: (() => void) | undefined;
/** The idle delay once this thread collects; undefined while it does not. */
let collectAfterMs: number | undefined;
let working = 0;
let idle: NodeJS.Timeout | undefined;
let heldAfterLastCollection = 0;
/** Whether something this thread held memory for has ended since its last collection. */
let released = false;

/** The heap and the buffers its objects hold (upload chunks, file bytes): what a collection can free. */
function held(): number {
  const heap = getHeapStatistics();
  return heap.used_heap_size + heap.external_memory;
}

function collectIfGrown(): void {
  idle = undefined;
  const now = held();
  if (!released && now - heldAfterLastCollection < WORTH_COLLECTING_BYTES) {
    // buffers freed by the last collection leave the count a moment after it: the floor comes down
    heldAfterLastCollection = Math.min(heldAfterLastCollection, now);
    return;
  }
  collectGarbage ??= garbageCollector();
  collectGarbage();
  released = false;
  heldAfterLastCollection = held();
}

/** Once no work is left and none starts for `collectAfterMs`, the thread collects if worth it. */
function collectOnceIdle(): void {
  if (working > 0 || collectAfterMs === undefined) return;
  clearTimeout(idle);
  idle = setTimeout(collectIfGrown, collectAfterMs);
  idle.unref(); // never what keeps the thread or the process alive
}

/** This thread collects its garbage once its work has ended and `afterMs` have passed (see above). */
export function collectGarbageWhenIdle(afterMs: number): void {
  collectAfterMs = afterMs;
}

/** Work starts on this thread (a task, a request): no collection until all of it has ended. */
export function workStarts(): void {
  working++;
  clearTimeout(idle);
  idle = undefined;
}

/** Work on this thread ended: once none is left for a moment, the thread collects. */
export function workEnds(): void {
  working = Math.max(0, working - 1);
  collectOnceIdle();
}

/**
 * Something this thread held memory for has ended: a MuPDF worker thread (its port, the messages and
 * buffers it moved here). That memory is garbage now, but the heap did not grow, so the growth check
 * would leave it: on the server's main thread the idle server kept it until V8's memory reducer came
 * by, or not at all (6 MB of heap and buffers, 7-10 MB of RSS once the workers had ended). The thread
 * collects at its next idle moment, whatever its growth.
 */
export function heldMemoryReleased(): void {
  released = true;
  collectOnceIdle();
}

/** The JavaScript heap this thread holds (the workers' `heap-usage` task answers it; tests read it). */
export const heapUsage = (): { usedHeapBytes: number } => ({
  usedHeapBytes: getHeapStatistics().used_heap_size,
});
