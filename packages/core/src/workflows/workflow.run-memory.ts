/**
 * The server job of a workflow's latest run, remembered in the browser (localStorage by default, so it
 * outlives the tab): a page opened again finds the run and goes on polling it, even against a server
 * that keeps no run history. Only ids and a time are kept, never a file or a parameter.
 */
import type { KeyValueStorage } from '../auth/auth.types';

export interface RememberedRun {
  workflowId: string;
  jobId: string;
  /** ISO time the run started. */
  startedAt: string;
}

export const runMemoryKey = (workflowId: string): string => `docstudio-workflow-run:${workflowId}`;

/** The page's localStorage when it can be used (not in SSR, not in a storage-blocked frame). */
function defaultStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage ?? undefined;
  } catch {
    return undefined;
  }
}

export class RunMemory {
  private readonly storage: KeyValueStorage | undefined;

  constructor(storage?: KeyValueStorage | null) {
    this.storage = storage === null ? undefined : (storage ?? defaultStorage());
  }

  remember(run: RememberedRun): void {
    this.attempt(() => this.storage?.setItem(runMemoryKey(run.workflowId), JSON.stringify(run)));
  }

  recall(workflowId: string): RememberedRun | undefined {
    const raw = this.attempt(() => this.storage?.getItem(runMemoryKey(workflowId)));
    if (!raw) return undefined;
    try {
      const run = JSON.parse(raw) as Partial<RememberedRun>;
      if (run.workflowId !== workflowId || typeof run.jobId !== 'string' || !run.jobId) return undefined;
      return {
        workflowId,
        jobId: run.jobId,
        startedAt: typeof run.startedAt === 'string' ? run.startedAt : '',
      };
    } catch {
      return undefined;
    }
  }

  forget(workflowId: string): void {
    this.attempt(() => this.storage?.removeItem(runMemoryKey(workflowId)));
  }

  /** Storage can throw (quota, blocked access): remembering is a convenience, never a failure. */
  private attempt<T>(action: () => T): T | undefined {
    try {
      return action();
    } catch {
      return undefined;
    }
  }
}
