/**
 * The state of one workflow run as the user sees it (per-step statuses, overall percent, run messages
 * and error list) and the one place that announces its changes: callbacks, studio events. Runs in the
 * browser, runs on the server and runs found again after the page was closed all report through it,
 * so they show the same states and texts.
 */
import type { ConversionFile } from '../api/conversion.types';
import type { StudioEmitter } from '../events/studio.events';
import type { StepRunState, StepStatus, Workflow } from './workflow.types';

export const RUN_TEXTS = {
  stepFailed: (n: number, reason: string) => `Step ${n} failed: ${reason}`,
  stepCompleted: (n: number, toolName: string) => `Step ${n}: ${toolName} completed`,
  executionFailed: 'Workflow execution failed',
  completed: 'Workflow completed successfully!',
  aborted: 'The request was aborted',
} as const;

export interface RunReportCallbacks {
  /** Called with a fresh copy of every step's state after each change. */
  onStepsChange?: (steps: readonly StepRunState[]) => void;
  /** Overall percent = completed steps / total steps. */
  onProgress?: (percent: number) => void;
  /** Run messages as they happen ('Step 1: Compress PDF completed', 'Step 2 failed: ...'). */
  onMessage?: (message: string, kind: 'success' | 'error') => void;
  events?: StudioEmitter;
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

/** A run as it stands: ended, or still running (on the server) with what is known of its steps. */
export interface RunSnapshot extends Omit<WorkflowRunResult, 'status'> {
  status: 'running' | 'completed' | 'failed';
  /** ISO timestamps, when known. */
  startedAt?: string;
  endedAt?: string;
  /** The server job to poll while the run goes on, when this browser started it. */
  jobId?: string;
  /** The server's id of the run in its run history. */
  runId?: string;
}

export class RunReport {
  readonly steps: StepRunState[];
  readonly errors: string[] = [];
  readonly messages: string[] = [];
  private done = 0;

  constructor(
    workflow: Workflow,
    private readonly callbacks: RunReportCallbacks = {},
  ) {
    this.steps = workflow.steps.map((step, index) => ({
      index,
      order: index + 1,
      endpoint: step.endpoint,
      toolName: step.toolName,
      status: 'pending',
    }));
  }

  get progress(): number {
    const total = this.steps.length;
    return total === 0 ? 0 : Math.round((this.done / total) * 100);
  }

  statusOf(index: number): StepStatus | undefined {
    return this.steps[index]?.status;
  }

  /** Every step pending, 0 %: the start of a run. */
  begin(): void {
    this.callbacks.onStepsChange?.(this.copySteps());
    this.callbacks.onProgress?.(0);
  }

  /** Takes over a run found again (statuses, errors, percent) without announcing its past messages. */
  restore(snapshot: Pick<RunSnapshot, 'steps' | 'errors'>): void {
    snapshot.steps.forEach((step, index) => {
      const own = this.steps[index];
      if (!own) return;
      own.status = step.status;
      if (step.error) own.error = step.error;
      if (step.files) own.files = step.files;
      if (step.status === 'completed') this.done++;
    });
    this.errors.push(...snapshot.errors);
    this.callbacks.onStepsChange?.(this.copySteps());
    this.callbacks.onProgress?.(this.progress);
  }

  running(index: number): void {
    this.publish(index, 'running');
  }

  completed(index: number, files?: ConversionFile[]): void {
    const state = this.steps[index];
    if (!state || state.status === 'completed') return;
    if (files) state.files = files;
    this.done++;
    this.publish(index, 'completed');
    this.say(RUN_TEXTS.stepCompleted(index + 1, state.toolName), 'success');
    this.callbacks.onProgress?.(this.progress);
    this.callbacks.events?.emit('conversion-progress', { percent: this.progress, source: 'workflow' });
  }

  /** 'Step N failed: {reason}' in the error list and on the step. */
  failed(index: number, reason: string): void {
    const text = RUN_TEXTS.stepFailed(index + 1, reason);
    this.say(text, 'error');
    this.publish(index, 'error', text);
  }

  say(message: string, kind: 'success' | 'error'): void {
    (kind === 'error' ? this.errors : this.messages).push(message);
    this.callbacks.onMessage?.(message, kind);
  }

  finish(status: WorkflowRunResult['status'], files: ConversionFile[]): WorkflowRunResult {
    const events = this.callbacks.events;
    if (status === 'completed') {
      this.say(RUN_TEXTS.completed, 'success');
      events?.emit('conversion-complete', { files, source: 'workflow' });
    } else {
      events?.emit('conversion-error', {
        message: this.errors[this.errors.length - 1] ?? RUN_TEXTS.executionFailed,
        error: new Error(this.errors.join('\n')),
        source: 'workflow',
      });
    }
    return {
      status,
      steps: this.copySteps(),
      files,
      errors: this.errors,
      messages: this.messages,
      progress: this.progress,
    };
  }

  /** What the run shows now, for a run that may still be going on. */
  snapshot(status: RunSnapshot['status'], files: ConversionFile[] = []): RunSnapshot {
    return {
      status,
      steps: this.copySteps(),
      files,
      errors: [...this.errors],
      messages: [...this.messages],
      progress: this.progress,
    };
  }

  private publish(index: number, status: StepStatus, message?: string): void {
    const state = this.steps[index];
    if (!state) return;
    state.status = status;
    if (message) state.error = message;
    this.callbacks.onStepsChange?.(this.copySteps());
    this.callbacks.events?.emit('step-change', {
      index,
      order: state.order,
      status,
      endpoint: state.endpoint,
      ...(message ? { message } : {}),
    });
  }

  private copySteps(): StepRunState[] {
    return this.steps.map((step) => ({ ...step }));
  }
}
