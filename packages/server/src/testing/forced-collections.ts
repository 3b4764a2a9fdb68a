/**
 * The start times of this thread's forced full garbage collections, from its GC performance entries:
 * what engines/idle-collection.ts runs when the thread idles. Nothing else in the server forces one,
 * so the idle-collection tests watch them here.
 */
import { constants, type PerformanceEntry, PerformanceObserver } from 'node:perf_hooks';

export interface ForcedCollections {
  /** performance.now() at the start of each forced full collection seen so far. */
  readonly at: number[];
  stop(): void;
}

export function watchForcedCollections(): ForcedCollections {
  const at: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: { kind: number; flags: number } }).detail;
      if (
        detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR &&
        (detail.flags & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0
      )
        at.push(entry.startTime);
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return { at, stop: () => observer.disconnect() };
}
