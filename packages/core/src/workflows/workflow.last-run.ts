/**
 * The last run of a workflow, for a run screen opened again (after a closed tab, on another day):
 * from the server's run history when it keeps one, else from the job this browser remembered. The
 * snapshot says whether it still runs (then `followRun` goes on with it), its steps, errors and files.
 */
import type { ConversionClient } from '../api/conversion.client';
import { ConversionError, isAbortError } from '../api/conversion.errors';
import type { RunMemory } from './workflow.run-memory';
import { applyJobResult, applyRunFailure, applyRunRecord } from './workflow.run-outcome';
import { RunReport, type RunSnapshot } from './workflow.run-report';
import type { WorkflowService } from './workflow.service';
import type { Workflow } from './workflow.types';

export interface LastRunOptions {
  client: ConversionClient;
  service: WorkflowService;
  memory?: RunMemory;
  signal?: AbortSignal;
}

/** Null when no run is known (or the server no longer knows the remembered one). */
export async function findLastRun(workflow: Workflow, options: LastRunOptions): Promise<RunSnapshot | null> {
  const remembered = options.memory?.recall(workflow.id);
  const runs = await options.service.listRuns(workflow.id, options.signal).catch(() => null);
  const record = runs?.[0];
  // A silent report: the run's past is shown as it stands, its messages are not announced again.
  const report = new RunReport(workflow);
  if (record) {
    applyRunRecord(report, record);
    if (record.status === 'running' && !report.steps.some((step) => step.status === 'running')) {
      const next = report.steps.findIndex((step) => step.status === 'pending');
      if (next >= 0) report.running(next);
    }
    const status =
      record.status === 'running' ? 'running' : record.status === 'succeeded' ? 'completed' : 'failed';
    return {
      ...report.snapshot(status, record.files),
      runId: record.runId,
      ...(record.startedAt ? { startedAt: record.startedAt } : {}),
      ...(record.endedAt ? { endedAt: record.endedAt } : {}),
      ...(remembered?.jobId === record.runId ? { jobId: remembered.jobId } : {}),
    };
  }
  if (!remembered) return null;
  const known = {
    jobId: remembered.jobId,
    ...(remembered.startedAt ? { startedAt: remembered.startedAt } : {}),
  };
  try {
    const result = await options.client.readJob(
      remembered.jobId,
      options.signal ? { signal: options.signal } : {},
    );
    if (!result) {
      report.running(0);
      return { ...report.snapshot('running'), ...known };
    }
    return { ...report.snapshot(applyJobResult(report, result), result.files), ...known };
  } catch (error) {
    if (isAbortError(error) || options.signal?.aborted) return null;
    if (!(error instanceof ConversionError)) return null;
    if (error.status === 404) {
      options.memory?.forget(workflow.id);
      return null;
    }
    applyRunFailure(report, error);
    return { ...report.snapshot('failed'), ...known };
  }
}
