/**
 * Job records in the database: every conversion (synchronous or Async=true) gets one, so
 * GET /job/{JobId} can answer 202 while it runs and the stored answer once it ends. A job belongs to
 * the token subject that started it. Answers are sealed (they name the user's files): an answer the
 * server can no longer open (its key rotated out) reads as an unknown job.
 */
import type { Kysely } from 'kysely';
import type { ErrorBody } from '../contract/errors';
import { compactAfterDelete } from '../storage/database';
import type { Database } from '../storage/database.types';
import { newId } from '../storage/file-names';
import type { KeyRing } from '../storage/key-ring';
import { openText, SealedTextError, sealText } from '../storage/sealed-text';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed';

/** A failed job's stored answer: the status and `{Code, Message, InvalidParameters?}` GET /job gives. */
export interface JobFailure {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

export interface JobRecord {
  id: string;
  ownerId: string;
  endpoint: string;
  status: JobStatus;
  result?: unknown;
  error?: JobFailure;
}

export class JobRecords {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly keys: KeyRing,
  ) {}

  private seal(id: string, value: unknown): string {
    return sealText(this.keys, 'job-records', id, JSON.stringify(value));
  }

  private open(id: string, sealed: string | null): unknown {
    return sealed ? JSON.parse(openText(this.keys, 'job-records', id, sealed)) : undefined;
  }

  async create(ownerId: string, endpoint: string): Promise<string> {
    const id = newId();
    await this.db
      .insertInto('jobs')
      .values({
        id,
        owner_id: ownerId,
        endpoint,
        status: 'queued',
        result: null,
        error: null,
        created_at: new Date().toISOString(),
        finished_at: null,
      })
      .execute();
    return id;
  }

  async markRunning(id: string): Promise<void> {
    await this.db.updateTable('jobs').set({ status: 'running' }).where('id', '=', id).execute();
  }

  async succeed(id: string, result: unknown): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'succeeded', result: this.seal(id, result), finished_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async fail(id: string, error: JobFailure): Promise<void> {
    await this.db
      .updateTable('jobs')
      .set({ status: 'failed', error: this.seal(id, error), finished_at: new Date().toISOString() })
      .where('id', '=', id)
      .execute();
  }

  /** The job when it exists and belongs to `ownerId`; another user's job reads as unknown. */
  async get(id: string, ownerId: string): Promise<JobRecord | undefined> {
    const row = await this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();
    if (!row) return undefined;
    try {
      return {
        id: row.id,
        ownerId: row.owner_id,
        endpoint: row.endpoint,
        status: row.status as JobStatus,
        result: this.open(row.id, row.result),
        error: this.open(row.id, row.error) as JobRecord['error'],
      };
    } catch (error) {
      if (error instanceof SealedTextError) return undefined;
      throw error;
    }
  }

  /** Removes finished jobs older than `before` (their result files are gone by then too). */
  async sweepFinished(before: Date): Promise<void> {
    const removed = await this.db
      .deleteFrom('jobs')
      .where('finished_at', '<=', before.toISOString())
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) await compactAfterDelete(this.db);
  }
}
