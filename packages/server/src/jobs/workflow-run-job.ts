/**
 * A stored workflow's run as one job (POST workflows/run/{id}): the job's record and the run's history
 * entry share the JobId; the history follows each step (workflow-run-history.ts); when the run ends,
 * succeeded or failed, its record is POSTed to the workflow's CallbackUrl, if any, in the background
 * (callback-delivery.ts) once the job's answer is stored, so a receiver asking GET job/{JobId} finds it.
 * The node running it holds a lease on the run and renews it; a node that adopts a run whose lease
 * ran out (workflow-run-adopter.ts) continues it here from its checkpoint. Whichever node ends the run
 * stores the answer and sends the webhook, once, under the run's one delivery id.
 */
import { newId } from '../storage/file-names';
import type { WorkflowCallback } from '../storage/sealed-callback';
import type { CallbackDeliveries, CallbackEvent, CallbackLog } from './callback-delivery';
import { type JobDeps, type JobLog, type StartedJob, startJob } from './job-lifecycle';
import { runWorkflow, type WorkflowAnswer, type WorkflowDeps, type WorkflowRunRequest } from './run-workflow';
import { leaseUntil, RunHandedOverError, type RunPlan } from './workflow-run-checkpoint';
import { RunHistory } from './workflow-run-history';
import type { RunLeases } from './workflow-run-leases';
import type { WorkflowRun, WorkflowRunRecords } from './workflow-runs';

export const RUN_COMPLETED_EVENT = 'workflow.run.completed';

export interface WorkflowRunJobDeps extends JobDeps, WorkflowDeps {
  runs: WorkflowRunRecords;
  callbacks: CallbackDeliveries;
  leases: RunLeases;
}

type RunRequest = Omit<WorkflowRunRequest, 'onStart' | 'progress'>;

export interface WorkflowRunStart {
  workflowId: string;
  /** The completion webhook, opened from the workflow's row. */
  callback?: WorkflowCallback;
  log: JobLog & CallbackLog;
  /** What another node needs to continue the run: the stored steps, Timeout, Url base, sealed webhook. */
  plan: Omit<RunPlan, 'deliveryId'>;
  run: Omit<RunRequest, 'resumeFrom'>;
}

/** A run as the history and the webhook show it: Files with a download Url. */
export type RunJson = Omit<WorkflowRun, 'OwnerId' | 'Files'> & {
  Files?: Array<{ FileName: string; FileSize: number; FileId: string; Url: string }>;
};

export function runJson(
  run: WorkflowRun,
  downloadUrl: (fileId: string, fileName: string) => string,
): RunJson {
  const { OwnerId: _owner, Files, ...rest } = run;
  return Files.length
    ? { ...rest, Files: Files.map((file) => ({ ...file, Url: downloadUrl(file.FileId, file.FileName) })) }
    : rest;
}

const isHandedOver = (error: unknown): boolean => error instanceof RunHandedOverError;

/** Renews this node's lease on the run every third of its length while the run goes here. */
function keepLease(leases: RunLeases, runId: string): () => void {
  const timer = setInterval(
    () => void leases.renew(runId).catch(() => false),
    Math.max(250, Math.floor(leases.leaseMs / 3)),
  );
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * Runs the steps (`request()` builds the run; its failure fails the run) under the lease and ends the
 * history: succeeded or failed, or neither when another node took the run over (RunHandedOverError).
 */
async function driveRun(
  deps: WorkflowRunJobDeps,
  history: RunHistory,
  request: () => WorkflowRunRequest,
): Promise<WorkflowAnswer> {
  const stopLease = keepLease(deps.leases, history.runId);
  try {
    let answer: WorkflowAnswer;
    try {
      answer = await runWorkflow(deps, { ...request(), progress: history });
    } catch (error) {
      if (!isHandedOver(error)) await history.failed(deps.describeFailure(error).body.Message);
      throw error;
    }
    try {
      await history.succeeded(answer.Files);
    } catch (error) {
      // Another node ends this run with its own results: these are nobody's.
      if (isHandedOver(error))
        await Promise.allSettled(
          answer.Files.flatMap((file) => (file.FileId ? [deps.store.delete(file.FileId)] : [])),
        );
      throw error;
    }
    return answer;
  } finally {
    stopLease();
  }
}

/** Once the run's answer is stored: its webhook, unless the run went on elsewhere. */
function notifyWhenEnded(
  deps: WorkflowRunJobDeps,
  answer: Promise<unknown>,
  history: () => RunHistory | undefined,
  ends: { callback?: WorkflowCallback; log: CallbackLog; downloadUrl: (id: string, name: string) => string },
): void {
  const { callback } = ends;
  if (!callback) return;
  const notify = (error?: unknown): void => {
    const run = history();
    if (!run || isHandedOver(error)) return;
    const event: CallbackEvent = { Event: RUN_COMPLETED_EVENT, ...runJson(run.current(), ends.downloadUrl) };
    const ids = { runId: run.runId, workflowId: run.current().WorkflowId };
    void deps.callbacks.send(callback, event, ends.log, ids, run.plan.deliveryId);
  };
  void answer.then(() => notify(), notify);
}

export async function startWorkflowRun(
  deps: WorkflowRunJobDeps,
  start: WorkflowRunStart,
): Promise<StartedJob<WorkflowAnswer>> {
  const { ownerId, steps, downloadUrl } = start.run;
  const plan: RunPlan = { ...start.plan, deliveryId: newId() };
  let history: RunHistory | undefined;
  const job = await startJob(deps, {
    ownerId,
    name: `workflows/run/${start.workflowId}`,
    async: true,
    log: start.log,
    failureMessage: 'workflow run failed',
    handedOver: isHandedOver,
    prepare: async (jobId) => {
      history = await RunHistory.begin(
        deps.runs,
        { runId: jobId, ownerId, workflowId: start.workflowId, tools: steps.map((step) => step.Endpoint) },
        { holder: deps.leases.holder, until: leaseUntil(deps.leases.leaseMs), plan },
      );
    },
    work: (started) => driveRun(deps, history as RunHistory, () => ({ ...start.run, onStart: started })),
  });
  notifyWhenEnded(deps, job.answer, () => history, { ...start, downloadUrl });
  return job;
}

export interface AdoptedRun {
  /** The run's history, held by this node now (RunHistory.adopted). */
  history: RunHistory;
  callback?: WorkflowCallback;
  log: JobLog & CallbackLog;
  downloadUrl: (fileId: string, fileName: string) => string;
  /** The rest of the run (its steps planned again on this node, from its checkpoint); may throw. */
  request: () => RunRequest;
}

/**
 * Continues a run adopted from a node that stopped renewing its lease; the job record (JobId = RunId)
 * gets the answer here, and the webhook goes out from here. Resolves once the run ended or was taken over.
 */
export function continueWorkflowRun(deps: WorkflowRunJobDeps, adopted: AdoptedRun): Promise<void> {
  const { history } = adopted;
  const answer = driveRun(deps, history, adopted.request).then(
    async (result) => {
      await deps.jobs.succeed(history.runId, result);
      return result;
    },
    async (error: unknown) => {
      if (!isHandedOver(error)) await deps.jobs.fail(history.runId, deps.describeFailure(error));
      throw error;
    },
  );
  notifyWhenEnded(deps, answer, () => history, adopted);
  const tracked = answer.then(
    () => undefined,
    (error: unknown) => {
      if (!isHandedOver(error) && deps.describeFailure(error).status >= 500)
        adopted.log.error({ err: error, jobId: history.runId }, 'adopted workflow run failed');
    },
  );
  deps.background.add(tracked);
  void tracked.finally(() => deps.background.delete(tracked));
  return tracked;
}
