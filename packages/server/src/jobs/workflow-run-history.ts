/**
 * One run's entry in the history as the run goes: a step turns running when it starts, then
 * completed or error (with the reason); the run ends succeeded or failed with its result files. Steps
 * after a failure that stops the run stay pending. Writes go to the database one after another, in
 * the order the run made them, and only while this node holds the run's lease (workflow-run-leases.ts).
 * A failed progress write is not the run's failure (the job's own record still says how it ended), so
 * it is dropped; a checkpoint or the end that finds the run taken over throws RunHandedOverError.
 */
import {
  type RunCheckpoint,
  RunHandedOverError,
  type RunPlan,
  type RunResumePoint,
} from './workflow-run-checkpoint';
import type { RunFile, WorkflowRun, WorkflowRunRecords } from './workflow-runs';

/** What runWorkflow reports while it goes (the step's index, from 0). */
export interface WorkflowRunProgress {
  stepStarted(index: number): Promise<void>;
  stepCompleted(index: number): Promise<void>;
  stepFailed(index: number, reason: string): Promise<void>;
  /** After each step: where another node would continue (throws RunHandedOverError when taken over). */
  checkpoint(state: RunCheckpoint): Promise<void>;
}

export class RunHistory implements WorkflowRunProgress {
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly records: WorkflowRunRecords,
    private readonly run: WorkflowRun,
    private readonly holder: string,
    private resume: RunResumePoint,
  ) {}

  /** A new run, held by `lease.holder`, with nothing finished yet. */
  static async begin(
    records: WorkflowRunRecords,
    run: { runId: string; ownerId: string; workflowId: string; tools: readonly string[] },
    lease: { holder: string; until: string; plan: RunPlan },
  ): Promise<RunHistory> {
    const resume: RunResumePoint = {
      plan: lease.plan,
      checkpoint: { next: 0, steps: [], cost: 0, time: 0, intermediate: [] },
    };
    const started = await records.start(run, { holder: lease.holder, until: lease.until, resume });
    return new RunHistory(records, started, lease.holder, resume);
  }

  /** A run this node adopted (it holds the lease now), going on from its resume point. */
  static adopted(
    records: WorkflowRunRecords,
    run: WorkflowRun,
    holder: string,
    resume: RunResumePoint,
  ): RunHistory {
    return new RunHistory(records, structuredClone(run), holder, resume);
  }

  get runId(): string {
    return this.run.RunId;
  }

  get plan(): RunPlan {
    return this.resume.plan;
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

  async checkpoint(state: RunCheckpoint): Promise<void> {
    this.resume = { ...this.resume, checkpoint: structuredClone(state) };
    await this.writeHeld();
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

  private async change(index: number, update: Partial<WorkflowRun['Steps'][number]>): Promise<void> {
    const step = this.run.Steps[index];
    if (step) Object.assign(step, update);
    await this.write().catch(() => false);
  }

  /** Ends the run: only one node ever does (the write is conditional on still holding it). */
  private async end(status: 'succeeded' | 'failed'): Promise<void> {
    this.run.Status = status;
    this.run.EndedAt = new Date().toISOString();
    await this.writeHeld();
  }

  /**
   * A write that must find the run still this node's. A database error is not a hand-over: the run
   * goes on (as with progress writes), and a node that adopts it meanwhile wins at the next write.
   */
  private async writeHeld(): Promise<void> {
    const stored = await this.write().catch(() => true);
    if (!stored) throw new RunHandedOverError(this.run.RunId);
  }

  /** Queues a write of the run as it stands; true when it was stored (this node still holds the run). */
  private write(): Promise<boolean> {
    const snapshot = this.current();
    const resume = structuredClone(this.resume);
    const written = this.writing.then(() => this.records.saveHeld(snapshot, this.holder, resume));
    this.writing = written.catch(() => undefined);
    return written;
  }
}
