/**
 * runWorkflow: steps strictly in order, each fed the previous step's outputs; statuses pending ->
 * running -> completed | error; a failing step with onError 'stop' ends the run with 'Workflow
 * execution failed'. Never throws: the caller gets a WorkflowRunResult whatever happens. A saved
 * workflow with a password the server keeps runs on the server instead (workflow.server-run.ts).
 */
import type { ConversionClient } from '../api/conversion.client';
import { isAbortError } from '../api/conversion.errors';
import type { ConversionFile } from '../api/conversion.types';
import type { StudioEmitter } from '../events/studio.events';
import { RUN_TEXTS, RunReport, type RunReportCallbacks, type WorkflowRunResult } from './workflow.run-report';
import { needsServerRun, runOnServer } from './workflow.server-run';
import { type ChainingMode, runStep, stepFailureReason } from './workflow.step';
import type { Workflow } from './workflow.types';
import { WORKFLOW_MESSAGES } from './workflow.validation';

export { RUN_TEXTS, type WorkflowRunResult };

export interface WorkflowRunInput {
  files?: readonly File[];
  url?: string;
}

export interface RunWorkflowOptions extends RunReportCallbacks {
  client: ConversionClient;
  signal?: AbortSignal;
  /**
   * 'reference' passes previous outputs as FileId in `File`; 'reupload' fetches and re-uploads them;
   * 'auto' (default) tries the reference and re-uploads when the server refuses it.
   */
  chaining?: ChainingMode;
  events?: StudioEmitter;
  logger?: Pick<Console, 'warn'>;
}

export async function runWorkflow(
  workflow: Workflow,
  input: WorkflowRunInput,
  options: RunWorkflowOptions,
): Promise<WorkflowRunResult> {
  const report = new RunReport(workflow, options);
  report.begin();
  if (workflow.steps.length === 0) {
    report.say(WORKFLOW_MESSAGES.stepRequired, 'error');
    return report.finish('failed', []);
  }
  if (needsServerRun(workflow)) {
    const outcome = await runOnServer(
      workflow,
      input,
      options.client,
      {
        running: (index) => report.running(index),
        completed: (index) => report.completed(index),
        failed: (index, reason) => report.failed(index, reason),
      },
      options.signal,
    );
    if (outcome.status === 'aborted') report.failed(0, RUN_TEXTS.aborted);
    else if (outcome.stopped) report.say(RUN_TEXTS.executionFailed, 'error');
    return report.finish(outcome.status, outcome.files);
  }
  const context = {
    client: options.client,
    chaining: options.chaining ?? 'auto',
    logger: options.logger ?? console,
    ...(options.signal ? { signal: options.signal } : {}),
  };
  let current: (File | ConversionFile)[] = [...(input.files ?? [])];
  let lastOutputs: ConversionFile[] = [];

  for (const [index, step] of workflow.steps.entries()) {
    if (options.signal?.aborted) {
      report.failed(index, RUN_TEXTS.aborted);
      return report.finish('aborted', lastOutputs);
    }
    report.running(index);
    try {
      const outputs = await runStep(context, step, current, index === 0 ? input.url?.trim() : undefined);
      report.completed(index, outputs);
      current = outputs;
      lastOutputs = outputs;
    } catch (error) {
      const aborted = isAbortError(error) || options.signal?.aborted === true;
      report.failed(index, aborted ? RUN_TEXTS.aborted : stepFailureReason(error));
      if (aborted) return report.finish('aborted', lastOutputs);
      if (step.onError === 'stop') {
        report.say(RUN_TEXTS.executionFailed, 'error');
        return report.finish('failed', lastOutputs);
      }
      // onError 'continue': the next step takes the last good outputs.
    }
  }
  return report.finish(report.errors.length === 0 ? 'completed' : 'failed', lastOutputs);
}
