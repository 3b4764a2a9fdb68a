/**
 * Reading what the server says about a run into a RunReport: a finished job's per-step outcome, a
 * failed job's 'Step n failed: …', and a run-history record. Used while a run is followed live and
 * when a run is found again after the page was closed, so both show the same states and texts.
 */
import { ConversionError } from '../api/conversion.errors';
import type { ServerRunResult } from '../api/conversion.types';
import { RUN_TEXTS, type RunReport } from './workflow.run-report';
import type { WorkflowRunRecord } from './workflow.runs';
import { failedStep } from './workflow.server-run';
import { stepFailureReason } from './workflow.step';

/** A finished job: each step completed or failed as its `Steps` entry says. */
export function applyJobResult(report: RunReport, result: ServerRunResult): 'completed' | 'failed' {
  let failures = 0;
  report.steps.forEach((_step, index) => {
    const outcome = result.steps[index];
    if (outcome && !outcome.completed) {
      failures++;
      report.failed(index, outcome.message ?? 'Step failed');
    } else report.completed(index);
  });
  return failures === 0 ? 'completed' : 'failed';
}

/**
 * A refused or failed run: the step it names fails (the steps before it ran, when the job stopped
 * there), later steps stay pending, and 'Workflow execution failed' ends the list.
 */
export function applyRunFailure(report: RunReport, error: unknown): void {
  const { index, reason } =
    error instanceof ConversionError ? failedStep(error) : { index: 0, reason: stepFailureReason(error) };
  const failed = Math.min(Math.max(index, 0), Math.max(report.steps.length - 1, 0));
  if (error instanceof ConversionError && /^Step \d+ failed: /.test(error.serverMessage ?? ''))
    for (let done = 0; done < failed; done++) report.completed(done);
  report.failed(failed, reason);
  report.say(RUN_TEXTS.executionFailed, 'error');
}

/** The reason alone, when the server already wrote 'Step n failed: reason'. */
const reasonOf = (error: string): string => error.replace(/^Step \d+ failed: /, '');

/**
 * A run-history record: completed and running steps as listed; once the run has ended, failed steps
 * too (with the reason the server kept) and 'Workflow execution failed' for a failed run.
 */
export function applyRunRecord(report: RunReport, record: WorkflowRunRecord): void {
  record.steps.forEach((step, index) => {
    const current = report.statusOf(index);
    if (step.status === 'completed') report.completed(index);
    else if (step.status === 'running' && current === 'pending') report.running(index);
    else if (step.status === 'error' && record.status !== 'running' && current !== 'error')
      report.failed(index, reasonOf(step.error ?? 'Step failed'));
  });
  if (record.status !== 'failed') return;
  if (!report.steps.some((step) => step.status === 'error')) {
    const first = report.steps.findIndex((step) => step.status !== 'completed');
    report.failed(Math.max(first, 0), 'Step failed');
  }
  report.say(RUN_TEXTS.executionFailed, 'error');
}
