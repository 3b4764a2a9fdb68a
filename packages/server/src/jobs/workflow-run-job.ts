/**
 * A stored workflow's run as one job (POST workflows/run/{id}): the job's record and the run's history
 * entry share the JobId; the history follows each step (workflow-run-history.ts); when the run ends,
 * succeeded or failed, its record is POSTed to the workflow's CallbackUrl, if any, in the background
 * (callback-delivery.ts) once the job's answer is stored, so a receiver asking GET job/{JobId} finds it.
 */
import type { WorkflowCallback } from '../storage/sealed-callback';
import type { CallbackDeliveries, CallbackEvent, CallbackLog } from './callback-delivery';
import { type JobDeps, type JobLog, type StartedJob, startJob } from './job-lifecycle';
import { runWorkflow, type WorkflowAnswer, type WorkflowDeps, type WorkflowRunRequest } from './run-workflow';
import { RunHistory } from './workflow-run-history';
import type { WorkflowRun, WorkflowRunRecords } from './workflow-runs';

export const RUN_COMPLETED_EVENT = 'workflow.run.completed';

export interface WorkflowRunJobDeps extends JobDeps, WorkflowDeps {
  runs: WorkflowRunRecords;
  callbacks: CallbackDeliveries;
}

export interface WorkflowRunStart {
  workflowId: string;
  /** The completion webhook, opened from the workflow's row. */
  callback?: WorkflowCallback;
  log: JobLog & CallbackLog;
  run: Omit<WorkflowRunRequest, 'onStart' | 'progress'>;
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

export async function startWorkflowRun(
  deps: WorkflowRunJobDeps,
  start: WorkflowRunStart,
): Promise<StartedJob<WorkflowAnswer>> {
  const { ownerId, steps, downloadUrl } = start.run;
  let history: RunHistory | undefined;
  const job = await startJob(deps, {
    ownerId,
    name: `workflows/run/${start.workflowId}`,
    async: true,
    log: start.log,
    failureMessage: 'workflow run failed',
    prepare: async (jobId) => {
      history = await RunHistory.begin(deps.runs, {
        runId: jobId,
        ownerId,
        workflowId: start.workflowId,
        tools: steps.map((step) => step.Endpoint),
      });
    },
    work: async (started) => {
      try {
        const answer = await runWorkflow(deps, { ...start.run, onStart: started, progress: history });
        await history?.succeeded(answer.Files);
        return answer;
      } catch (error) {
        await history?.failed(deps.describeFailure(error).body.Message);
        throw error;
      }
    },
  });
  const { callback } = start;
  if (callback) {
    const notify = (): void => {
      if (!history) return;
      const event: CallbackEvent = { Event: RUN_COMPLETED_EVENT, ...runJson(history.current(), downloadUrl) };
      void deps.callbacks.send(callback, event, start.log, { runId: job.id, workflowId: start.workflowId });
    };
    void job.answer.then(notify, notify);
  }
  return job;
}
