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
import { needsServerRun, runOnServer } from './workflow.server-run';
import { type ChainingMode, runStep, stepFailureReason } from './workflow.step';
import type { StepRunState, StepStatus, Workflow } from './workflow.types';
import { WORKFLOW_MESSAGES } from './workflow.validation';

export const RUN_TEXTS = {
  stepFailed: (n: number, reason: string) => `Step ${n} failed: ${reason}`,
  stepCompleted: (n: number, toolName: string) => `Step ${n}: ${toolName} completed`,
  executionFailed: 'Workflow execution failed',
  completed: 'Workflow completed successfully!',
  aborted: 'The request was aborted',
} as const;

export interface WorkflowRunInput {
  files?: readonly File[];
  url?: string;
}

export interface RunWorkflowOptions {
  client: ConversionClient;
  signal?: AbortSignal;
  /**
   * 'reference' passes previous outputs as FileId in `File`; 'reupload' fetches and re-uploads them;
   * 'auto' (default) tries the reference and re-uploads when the server refuses it.
   */
  chaining?: ChainingMode;
  /** Called with a fresh copy of every step's state after each change. */
  onStepsChange?: (steps: readonly StepRunState[]) => void;
  /** Overall percent = completed steps / total steps. */
  onProgress?: (percent: number) => void;
  /** Run messages as they happen ('Step 1: Compress PDF completed', 'Step 2 failed: ...'). */
  onMessage?: (message: string, kind: 'success' | 'error') => void;
  events?: StudioEmitter;
  logger?: Pick<Console, 'warn'>;
}

export interface WorkflowRunResult {
  status: 'completed' | 'failed' | 'aborted';
  steps: StepRunState[];
  /** Outputs of the last step that succeeded (the files to download). */
  files: ConversionFile[];
  /** Error list of the progress card. */
  errors: string[];
  messages: string[];
  progress: number;
}

export async function runWorkflow(
  workflow: Workflow,
  input: WorkflowRunInput,
  options: RunWorkflowOptions,
): Promise<WorkflowRunResult> {
  const steps: StepRunState[] = workflow.steps.map((step, index) => ({
    index,
    order: index + 1,
    endpoint: step.endpoint,
    toolName: step.toolName,
    status: 'pending',
  }));
  const errors: string[] = [];
  const messages: string[] = [];
  const total = steps.length;
  let completed = 0;
  const progress = () => (total === 0 ? 0 : Math.round((completed / total) * 100));

  const publish = (index: number, status: StepStatus, message?: string) => {
    const state = steps[index] as StepRunState;
    state.status = status;
    if (message) state.error = message;
    options.onStepsChange?.(steps.map((s) => ({ ...s })));
    options.events?.emit('step-change', {
      index,
      order: state.order,
      status,
      endpoint: state.endpoint,
      ...(message ? { message } : {}),
    });
  };
  const say = (message: string, kind: 'success' | 'error') => {
    (kind === 'error' ? errors : messages).push(message);
    options.onMessage?.(message, kind);
  };
  const finish = (status: WorkflowRunResult['status'], files: ConversionFile[]): WorkflowRunResult => {
    if (status === 'completed') {
      say(RUN_TEXTS.completed, 'success');
      options.events?.emit('conversion-complete', { files, source: 'workflow' });
    } else {
      options.events?.emit('conversion-error', {
        message: errors[errors.length - 1] ?? RUN_TEXTS.executionFailed,
        error: new Error(errors.join('\n')),
        source: 'workflow',
      });
    }
    return { status, steps: steps.map((s) => ({ ...s })), files, errors, messages, progress: progress() };
  };

  options.onStepsChange?.(steps.map((s) => ({ ...s })));
  options.onProgress?.(0);
  if (total === 0) {
    say(WORKFLOW_MESSAGES.stepRequired, 'error');
    return finish('failed', []);
  }
  if (needsServerRun(workflow)) {
    const outcome = await runOnServer(
      workflow,
      input,
      options.client,
      {
        running: (index) => publish(index, 'running'),
        completed: (index) => {
          completed++;
          publish(index, 'completed');
          say(RUN_TEXTS.stepCompleted(index + 1, workflow.steps[index]?.toolName ?? ''), 'success');
          options.onProgress?.(progress());
        },
        failed: (index, reason) => {
          const text = RUN_TEXTS.stepFailed(index + 1, reason);
          say(text, 'error');
          publish(index, 'error', text);
        },
      },
      options.signal,
    );
    if (outcome.status === 'aborted') {
      const text = RUN_TEXTS.stepFailed(1, RUN_TEXTS.aborted);
      say(text, 'error');
      publish(0, 'error', text);
    } else if (outcome.stopped) say(RUN_TEXTS.executionFailed, 'error');
    return finish(outcome.status, outcome.files);
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
    const n = index + 1;
    if (options.signal?.aborted) {
      say(RUN_TEXTS.stepFailed(n, RUN_TEXTS.aborted), 'error');
      publish(index, 'error', RUN_TEXTS.stepFailed(n, RUN_TEXTS.aborted));
      return finish('aborted', lastOutputs);
    }
    publish(index, 'running');
    try {
      const outputs = await runStep(context, step, current, index === 0 ? input.url?.trim() : undefined);
      (steps[index] as StepRunState).files = outputs;
      completed++;
      publish(index, 'completed');
      say(RUN_TEXTS.stepCompleted(n, step.toolName), 'success');
      options.onProgress?.(progress());
      options.events?.emit('conversion-progress', { percent: progress(), source: 'workflow' });
      current = outputs;
      lastOutputs = outputs;
    } catch (error) {
      const aborted = isAbortError(error) || options.signal?.aborted === true;
      const text = RUN_TEXTS.stepFailed(n, aborted ? RUN_TEXTS.aborted : stepFailureReason(error));
      say(text, 'error');
      publish(index, 'error', text);
      if (aborted) return finish('aborted', lastOutputs);
      if (step.onError === 'stop') {
        say(RUN_TEXTS.executionFailed, 'error');
        return finish('failed', lastOutputs);
      }
      // onError 'continue': the next step takes the last good outputs.
    }
  }
  return finish(errors.length === 0 ? 'completed' : 'failed', lastOutputs);
}
