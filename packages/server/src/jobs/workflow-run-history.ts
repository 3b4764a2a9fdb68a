/**
 * One run's entry in the history as the run goes: a step turns running when it starts, then
 * completed or error (with the reason); the run ends succeeded or failed with its result files. Steps
 * after a failure that stops the run stay pending. Writes go to the database one after another, in
 * the order the run made them; a failed write is not the run's failure (the job's own record still
 * says how it ended), so it is dropped.
 */
import type { RunFile, WorkflowRun, WorkflowRunRecords } from './workflow-runs';

/** What runWorkflow reports while it goes (the step's index, from 0). */
export interface WorkflowRunProgress {
  stepStarted(index: number): Promise<void>;
  stepCompleted(index: number): Promise<void>;
  stepFailed(index: number, reason: string): Promise<void>;
}

export class RunHistory implements WorkflowRunProgress {
  private writing: Promise<void> = Promise.resolve();

  private constructor(
    private readonly records: WorkflowRunRecords,
    private readonly run: WorkflowRun,
  ) {}

  static async begin(
    records: WorkflowRunRecords,
    run: { runId: string; ownerId: string; workflowId: string; tools: readonly string[] },
  ): Promise<RunHistory> {
    return new RunHistory(records, await records.start(run));
  }

  /** The run as it stands (a copy). */
  current(): WorkflowRun {
    return structuredClone(this.run);
  }

  stepStarted(index: number): Promise<void> {
    return this.change(index, { Status: 'running' });
  }

  stepCompleted(index: number): Promise<void> {
    return this.change(index, { Status: 'completed' });
  }

  stepFailed(index: number, reason: string): Promise<void> {
    return this.change(index, { Status: 'error', Error: reason });
  }

  /** The run succeeded with these results (stored ones only: inline results have no FileId). */
  succeeded(files: ReadonlyArray<{ FileName: string; FileSize: number; FileId?: string }>): Promise<void> {
    this.run.Files = files.flatMap(({ FileName, FileSize, FileId }): RunFile[] =>
      FileId ? [{ FileName, FileSize, FileId }] : [],
    );
    return this.end('succeeded');
  }

  /**
   * The run failed. A step failure was recorded already; anything else (a shutdown, an error between
   * steps) is put on the step that was running, else on the first that had not completed.
   */
  failed(reason: string): Promise<void> {
    const steps = this.run.Steps;
    if (!steps.some((step) => step.Status === 'error')) {
      const running = steps.findIndex((step) => step.Status === 'running');
      const index = running >= 0 ? running : steps.findIndex((step) => step.Status === 'pending');
      const step = steps[index];
      if (step) Object.assign(step, { Status: 'error', Error: reason });
    }
    for (const step of steps) if (step.Status === 'running') step.Status = 'error';
    return this.end('failed');
  }

  private change(index: number, update: Partial<WorkflowRun['Steps'][number]>): Promise<void> {
    const step = this.run.Steps[index];
    if (step) Object.assign(step, update);
    return this.write();
  }

  private end(status: 'succeeded' | 'failed'): Promise<void> {
    this.run.Status = status;
    this.run.EndedAt = new Date().toISOString();
    return this.write();
  }

  private write(): Promise<void> {
    const snapshot = this.current();
    this.writing = this.writing.then(() => this.records.save(snapshot)).catch(() => undefined);
    return this.writing;
  }
}
