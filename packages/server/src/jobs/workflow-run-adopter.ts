/**
 * Every API node looks for workflow runs whose lease ran out (their node died or hangs) every half
 * lease, claims them (one node wins each, workflow-run-leases.ts) and hands them to `resume`, which
 * continues them from their checkpoint. A single process on SQLite also adopts, once at start, every
 * run a previous process of its own left running: that process is gone, there is no lease to wait for.
 */
import type { RunResumePoint } from './workflow-run-checkpoint';
import type { RunLeases } from './workflow-run-leases';
import type { WorkflowRun, WorkflowRunRecords } from './workflow-runs';

export interface RunAdopter {
  /** One look now (also what the timer does); resolves with the runs adopted. */
  adoptNow(): Promise<string[]>;
  stop(): void;
}

export interface RunAdopterDeps {
  leases: RunLeases;
  runs: Pick<WorkflowRunRecords, 'adoptable'>;
  /** Continues an adopted run (in the background). */
  resume: (run: WorkflowRun, point: RunResumePoint) => void;
  log: { warn(details: object, message: string): void };
}

export function startRunAdopter(deps: RunAdopterDeps, options: { previousRunsAreDead: boolean }): RunAdopter {
  let looking: Promise<string[]> | undefined;
  const look = async (everyOtherHolder: boolean): Promise<string[]> => {
    const claimed = await deps.leases.claimAbandoned({ everyOtherHolder });
    const adopted: string[] = [];
    for (const runId of claimed) {
      const found = await deps.runs.adoptable(runId);
      // A run started before runs were resumable, or sealed under a key this node no longer has:
      // the sweeper drops it a day after its start.
      if (!found?.resume) continue;
      deps.log.warn({ runId }, 'workflow run adopted from a node that stopped');
      deps.resume(found.run, found.resume);
      adopted.push(runId);
    }
    return adopted;
  };
  const adoptNow = (everyOtherHolder = false): Promise<string[]> => {
    looking ??= look(everyOtherHolder).finally(() => {
      looking = undefined;
    });
    return looking;
  };
  const timer = setInterval(
    () => void adoptNow().catch(() => undefined),
    Math.max(500, Math.floor(deps.leases.leaseMs / 2)),
  );
  timer.unref();
  void adoptNow(options.previousRunsAreDead).catch(() => undefined);
  return { adoptNow: () => adoptNow(), stop: () => clearInterval(timer) };
}
