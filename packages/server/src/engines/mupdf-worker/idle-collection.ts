/**
 * A worker's garbage collected once it idles. V8 collects when a thread allocates, and an idle worker
 * allocates nothing: what its last task left behind (pdf-lib's parse of a whole file, pixel and file
 * buffers held by dead objects, MuPDF objects whose finalizers free their WebAssembly memory) stayed
 * resident until the worker ended, 10 s later (task-pool.ts). Now a worker idle for
 * IDLE_BEFORE_COLLECTION_MS runs one full collection. A task arriving first cancels it, so a worker
 * under steady load never pays for it. `npm run bench -- small-jobs`, 2 s after 200 mixed conversions
 * with both workers still warm: the server held 394-416 MB before, 351-372 MB with this.
 */
import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Long enough that the next task of a busy job (page after page) arrives first. */
export const IDLE_BEFORE_COLLECTION_MS = 250;

/**
 * V8 gives `gc` only to contexts created while --expose-gc is set: one context is made with it, then
 * the flag is cleared again, so no other context of the process gets a `gc` global (Jest's leak
 * detector does the same).
 */
function garbageCollector(): () => void {
  setFlagsFromString('--expose-gc');
  try {
    return runInNewContext('gc') as () => void;
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}

const collectGarbage = garbageCollector();
let idle: NodeJS.Timeout | undefined;

/** A task starts: no collection while it runs. */
export function cancelIdleCollection(): void {
  clearTimeout(idle);
  idle = undefined;
}

/** The worker answered its task: collect once it has been idle a moment. */
export function collectWhenIdle(): void {
  cancelIdleCollection();
  idle = setTimeout(collectGarbage, IDLE_BEFORE_COLLECTION_MS);
  idle.unref(); // never what keeps the worker alive
}

/** The JavaScript heap this worker holds (the `heap-usage` task answers it). */
export const heapUsage = (): { usedHeapBytes: number } => ({
  usedHeapBytes: getHeapStatistics().used_heap_size,
});
