/**
 * The retention sweeper: deletes stored files (and finished job records and workflow runs) past
 * RETENTION_MINUTES, and deny-list rows of signed-out tokens once those tokens would have expired anyway.
 */
import type { ServerConfig } from '../config';
import type { FileStore } from '../storage/file-store';
import type { JobRecords } from './job-records';
import type { WorkflowRunRecords } from './workflow-runs';

/** What the sweeper clears: the server's store, job records, run history and token deny list. */
export interface SweeperDeps {
  config: Pick<ServerConfig, 'retentionMinutes' | 'sweepIntervalMs'>;
  store: Pick<FileStore, 'sweepExpired'>;
  jobs: Pick<JobRecords, 'sweepFinished'>;
  runs: Pick<WorkflowRunRecords, 'sweepFinished'>;
  tokens: { revocations: { sweepExpired(): Promise<unknown> } };
}

export interface Sweeper {
  /** One pass now; resolves with the number of files removed. */
  sweepNow(): Promise<number>;
  stop(): void;
}

/** Whether this node may sweep now: several nodes share one store, and one pass at a time is enough. */
export interface SweepTurn {
  take(): Promise<boolean>;
}

export function startSweeper(context: SweeperDeps, turn?: SweepTurn): Sweeper {
  let running: Promise<number> | undefined;
  const sweepNow = (): Promise<number> => {
    running ??= (async () => {
      try {
        if (turn && !(await turn.take())) return 0;
        const removed = await context.store.sweepExpired();
        const before = new Date(Date.now() - context.config.retentionMinutes * 60_000);
        await context.jobs.sweepFinished(before);
        await context.runs.sweepFinished(before);
        // Signed-out token ids whose tokens can no longer be valid.
        await context.tokens.revocations.sweepExpired();
        return removed;
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void sweepNow().catch(() => undefined), context.config.sweepIntervalMs);
  timer.unref();
  void sweepNow().catch(() => undefined);
  return { sweepNow, stop: () => clearInterval(timer) };
}
