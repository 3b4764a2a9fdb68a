/**
 * The run history of workflows (table `workflow_runs`): one row per run, keyed by the run's JobId, so
 * the JobId a client remembered and the history name the same run. Steps (with their errors) and the
 * result files name the user's documents: they are sealed under the 'workflow-runs' key, bound to the
 * run id. A run the server can no longer open (its key rotated out) is left out of listings. Each
 * user sees only their own runs; the newest KEEP_PER_WORKFLOW runs are kept per workflow, and
 * the sweeper drops runs past the retention together with the job records.
 */
import type { Kysely } from 'kysely';
import { compactAfterDelete } from '../storage/database';
import type { Database, WorkflowRunsTable } from '../storage/database.types';
import type { KeyRing } from '../storage/key-ring';
import { openText, SealedTextError, sealText } from '../storage/sealed-text';
import type { RunLease, RunResumePoint } from './workflow-run-checkpoint';

export type RunStatus = 'running' | 'succeeded' | 'failed';
export type RunStepStatus = 'pending' | 'running' | 'completed' | 'error';

export interface RunStep {
  /** The step's endpoint, as the workflow names it. */
  Tool: string;
  Status: RunStepStatus;
  /** Why the step failed (the error answer's Message). */
  Error?: string;
}

/** A result file of the run; its Url is made when it is answered (signed links expire). */
export interface RunFile {
  FileName: string;
  FileSize: number;
  FileId: string;
}

export interface WorkflowRun {
  RunId: string;
  WorkflowId: string;
  OwnerId: string;
  Status: RunStatus;
  Steps: RunStep[];
  StartedAt: string;
  EndedAt?: string;
  Files: RunFile[];
}

/** Runs kept per workflow and user; older finished ones are dropped as new runs start. */
export const KEEP_PER_WORKFLOW = 20;
/** Runs listed at most when no workflow is named (KEEP_PER_WORKFLOW per workflow otherwise). */
export const LIST_LIMIT = 100;
/**
 * A run still marked running this long after its start died with its server (no run lasts a day:
 * 50 steps of at most 1200 s is under 17 h); the sweeper drops it.
 */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

interface SealedPart {
  Steps: RunStep[];
  Files: RunFile[];
  /** While the run goes: what another node needs to continue it (workflow-run-checkpoint.ts). */
  Resume?: RunResumePoint;
}

/** A running run as a node adopting it reads it: the history entry and where to continue. */
export interface AdoptableRun {
  run: WorkflowRun;
  resume?: RunResumePoint;
}

export class WorkflowRunRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: KeyRing,
  ) {}

  private seal(run: WorkflowRun, resume?: RunResumePoint): string {
    const part: SealedPart = { Steps: run.Steps, Files: run.Files, ...(resume ? { Resume: resume } : {}) };
    return sealText(this.keys, 'workflow-runs', run.RunId, JSON.stringify(part));
  }

  private open(row: WorkflowRunsTable): WorkflowRun | undefined {
    return this.openWithResume(row)?.run;
  }

  private openWithResume(row: WorkflowRunsTable): AdoptableRun | undefined {
    let part: SealedPart;
    try {
      part = JSON.parse(openText(this.keys, 'workflow-runs', row.id, row.record)) as SealedPart;
    } catch (error) {
      if (error instanceof SealedTextError) return undefined;
      throw error;
    }
    return { run: this.runOf(row, part), ...(part.Resume ? { resume: part.Resume } : {}) };
  }

  private runOf(row: WorkflowRunsTable, part: SealedPart): WorkflowRun {
    return {
      RunId: row.id,
      WorkflowId: row.workflow_id,
      OwnerId: row.owner_id,
      Status: row.status as RunStatus,
      Steps: part.Steps,
      StartedAt: row.started_at,
      ...(row.ended_at ? { EndedAt: row.ended_at } : {}),
      Files: part.Files,
    };
  }

  /**
   * Records a new run (every step pending) and drops the workflow's finished runs past the limit. With
   * `lease`, the run is held by that node and carries where another node would continue it.
   */
  async start(
    run: { runId: string; ownerId: string; workflowId: string; tools: readonly string[] },
    lease?: RunLease & { resume: RunResumePoint },
  ) {
    const record: WorkflowRun = {
      RunId: run.runId,
      WorkflowId: run.workflowId,
      OwnerId: run.ownerId,
      Status: 'running',
      Steps: run.tools.map((tool) => ({ Tool: tool, Status: 'pending' })),
      StartedAt: new Date().toISOString(),
      Files: [],
    };
    await this.db
      .insertInto('workflow_runs')
      .values({
        id: record.RunId,
        owner_id: record.OwnerId,
        workflow_id: record.WorkflowId,
        status: record.Status,
        record: this.seal(record, lease?.resume),
        started_at: record.StartedAt,
        ended_at: null,
        lease_holder: lease?.holder ?? null,
        lease_until: lease?.until ?? null,
      })
      .execute();
    await this.prune(run.ownerId, run.workflowId);
    return record;
  }

  /** Stores the run as it stands now (its steps' progress, its end). */
  async save(run: WorkflowRun): Promise<void> {
    await this.db
      .updateTable('workflow_runs')
      .set({ status: run.Status, record: this.seal(run), ended_at: run.EndedAt ?? null })
      .where('id', '=', run.RunId)
      .execute();
  }

  /**
   * Stores the run as it stands, only while `lease.holder` still holds it and it is still running:
   * false when another node took it over (or it ended), so this node stops. A run that ends lets go
   * of its lease and of its resume point.
   */
  async saveHeld(run: WorkflowRun, holder: string, resume: RunResumePoint): Promise<boolean> {
    const ended = run.Status !== 'running';
    const updated = await this.db
      .updateTable('workflow_runs')
      .set({
        status: run.Status,
        record: this.seal(run, ended ? undefined : resume),
        ended_at: run.EndedAt ?? null,
        ...(ended ? { lease_holder: null, lease_until: null } : {}),
      })
      .where('id', '=', run.RunId)
      .where('status', '=', 'running')
      .where('lease_holder', '=', holder)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /** A running run with its resume point (undefined when it is unknown or no longer opens). */
  async adoptable(runId: string): Promise<AdoptableRun | undefined> {
    const row = await this.db
      .selectFrom('workflow_runs')
      .selectAll()
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return row ? this.openWithResume(row) : undefined;
  }

  /** The owner's runs, newest first: of one workflow (another user's workflow: none), or all of them. */
  async list(ownerId: string, workflowId?: string): Promise<WorkflowRun[]> {
    let query = this.db.selectFrom('workflow_runs').selectAll().where('owner_id', '=', ownerId);
    if (workflowId !== undefined) query = query.where('workflow_id', '=', workflowId);
    const rows = await query
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .limit(workflowId === undefined ? LIST_LIMIT : KEEP_PER_WORKFLOW + 10)
      .execute();
    return rows.map((row) => this.open(row)).filter((run): run is WorkflowRun => run !== undefined);
  }

  /** A deleted workflow's history goes with it. */
  async deleteForWorkflow(ownerId: string, workflowId: string): Promise<void> {
    const removed = await this.db
      .deleteFrom('workflow_runs')
      .where('owner_id', '=', ownerId)
      .where('workflow_id', '=', workflowId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) await compactAfterDelete(this.db);
  }

  /** Removes runs that ended before `before` (their result files are gone by then), and abandoned ones. */
  async sweepFinished(before: Date): Promise<void> {
    const abandoned = new Date(before.getTime() - ABANDONED_AFTER_MS).toISOString();
    const removed = await this.db
      .deleteFrom('workflow_runs')
      .where((eb) =>
        eb.or([
          eb('ended_at', '<=', before.toISOString()),
          eb.and([eb('ended_at', 'is', null), eb('started_at', '<=', abandoned)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) await compactAfterDelete(this.db);
  }

  /** Keeps the newest KEEP_PER_WORKFLOW runs of a workflow; older ones go unless still running. */
  private async prune(ownerId: string, workflowId: string): Promise<void> {
    const older = await this.db
      .selectFrom('workflow_runs')
      .select(['id', 'ended_at'])
      .where('owner_id', '=', ownerId)
      .where('workflow_id', '=', workflowId)
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .offset(KEEP_PER_WORKFLOW)
      .limit(1000)
      .execute();
    const stale = older.filter((row) => row.ended_at !== null).map((row) => row.id);
    if (stale.length === 0) return;
    await this.db.deleteFrom('workflow_runs').where('id', 'in', stale).execute();
    await compactAfterDelete(this.db);
  }
}
