/**
 * Running a saved workflow the way the studio does: on the server (`POST workflows/run/{id}`, one job,
 * steps chained by FileId), its JobId remembered so a closed page can find the run again, the job
 * polled (`GET job/{JobId}`) and, where the server keeps a run history, the per-step states read from
 * it while the job runs. Only a server without the run route (404) gets the spec's chaining in the
 * browser. Never throws: the caller gets a WorkflowRunResult, as from runWorkflow.
 */
import { pause } from '../api/conversion.client';
import { ConversionError, isAbortError } from '../api/conversion.errors';
import type { RunMemory } from './workflow.run-memory';
import { applyJobResult, applyRunFailure, applyRunRecord } from './workflow.run-outcome';
import { RunReport, type RunSnapshot, type WorkflowRunResult } from './workflow.run-report';
import { type RunWorkflowOptions, runWorkflow, type WorkflowRunInput } from './workflow.runner';
import { needsServerRun } from './workflow.server-run';
import type { WorkflowService } from './workflow.service';
import type { Workflow } from './workflow.types';
import { WORKFLOW_MESSAGES } from './workflow.validation';

/** How often a running job (or run record) is asked about. */
const POLL_MS = 1000;

export interface StoredRunOptions extends RunWorkflowOptions {
  service: WorkflowService;
  /** Where the JobId is remembered; nothing is remembered without it. */
  memory?: RunMemory;
  pollIntervalMs?: number;
}

const routeMissing = (error: unknown): boolean => error instanceof ConversionError && error.status === 404;

export async function runStoredWorkflow(
  workflow: Workflow,
  input: WorkflowRunInput,
  options: StoredRunOptions,
): Promise<WorkflowRunResult> {
  const report = new RunReport(workflow, options);
  report.begin();
  if (workflow.steps.length === 0) {
    report.say(WORKFLOW_MESSAGES.stepRequired, 'error');
    return report.finish('failed', []);
  }
  report.running(0);
  let jobId: string;
  try {
    jobId = await options.client.startSavedWorkflowRun(
      workflow.id,
      { ...(input.files ? { files: input.files } : {}), ...(input.url ? { url: input.url.trim() } : {}) },
      options.signal ? { signal: options.signal } : {},
    );
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) return report.finish('aborted', []);
    // A server without the run route: the steps run one by one from the browser.
    if (routeMissing(error) && !needsServerRun(workflow)) return runWorkflow(workflow, input, options);
    applyRunFailure(report, error);
    return report.finish('failed', []);
  }
  options.memory?.remember({ workflowId: workflow.id, jobId, startedAt: new Date().toISOString() });
  return followJob(workflow, jobId, report, options);
}

/**
 * Goes on with a run found again (findLastRun): its job is polled when this browser knows it, else the
 * server's run history is read until the run ends. Messages are announced from here on only.
 */
export async function followRun(
  workflow: Workflow,
  snapshot: RunSnapshot,
  options: StoredRunOptions,
): Promise<WorkflowRunResult> {
  const report = new RunReport(workflow, options);
  report.restore(snapshot);
  if (snapshot.jobId) return followJob(workflow, snapshot.jobId, report, options);
  for (;;) {
    try {
      await pause(options.pollIntervalMs ?? POLL_MS, options.signal);
    } catch {
      return report.finish('aborted', []);
    }
    const runs = await options.service.listRuns(workflow.id, options.signal).catch(() => undefined);
    const record = runs?.find((run) => run.runId === snapshot.runId);
    if (options.signal?.aborted || runs === null) return report.finish('aborted', []);
    if (!record) continue;
    applyRunRecord(report, record);
    if (record.status !== 'running')
      return report.finish(record.status === 'succeeded' ? 'completed' : 'failed', record.files);
  }
}

async function followJob(
  workflow: Workflow,
  jobId: string,
  report: RunReport,
  options: StoredRunOptions,
): Promise<WorkflowRunResult> {
  const signal = options.signal ? { signal: options.signal } : {};
  // Unknown until asked once: does this server list runs (for the per-step states of a running job)?
  let listsRuns: boolean | undefined;
  for (;;) {
    try {
      const result = await options.client.readJob(jobId, signal);
      if (result) return report.finish(applyJobResult(report, result), result.files);
    } catch (error) {
      if (isAbortError(error) || options.signal?.aborted) return report.finish('aborted', []);
      // The server no longer knows the job (expired, or another user's): nothing to find again.
      if (routeMissing(error)) options.memory?.forget(workflow.id);
      applyRunFailure(report, error);
      return report.finish('failed', []);
    }
    if (listsRuns !== false) {
      const runs = await options.service.listRuns(workflow.id, options.signal).catch(() => undefined);
      listsRuns = runs === null ? false : listsRuns;
      const record =
        runs?.find((run) => run.runId === jobId) ?? runs?.find((run) => run.status === 'running');
      if (record?.status === 'running') applyRunRecord(report, record);
    }
    try {
      await pause(options.pollIntervalMs ?? POLL_MS, options.signal);
    } catch {
      return report.finish('aborted', []);
    }
  }
}
