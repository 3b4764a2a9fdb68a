/**
 * The leases on running workflow runs (columns `lease_holder`, `lease_until` of `workflow_runs`).
 * Every change is one conditional UPDATE, so two nodes reaching for the same run never both get it:
 * PostgreSQL re-checks the condition once the row is free, SQLite runs one writer at a time.
 * Times are ISO strings of the nodes' clocks (keep them in sync; the lease is seconds, not ms).
 */
import type { Kysely } from 'kysely';
import type { Database } from '../storage/database.types';
import { leaseUntil } from './workflow-run-checkpoint';

export class RunLeases {
  constructor(
    private readonly db: Kysely<Database>,
    /** This node's name in `lease_holder`. */
    readonly holder: string,
    readonly leaseMs: number,
  ) {}

  /** Extends this node's lease; false when the run is no longer this node's (or no longer running). */
  async renew(runId: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('workflow_runs')
      .set({ lease_until: leaseUntil(this.leaseMs) })
      .where('id', '=', runId)
      .where('status', '=', 'running')
      .where('lease_holder', '=', this.holder)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) === 1;
  }

  /**
   * Running runs whose lease ran out (or, with `everyOtherHolder`, held by anyone but this node: a single
   * process's restart, where the previous holder is known dead) and that this node now holds.
   */
  async claimAbandoned(options: { everyOtherHolder?: boolean } = {}): Promise<string[]> {
    const now = new Date().toISOString();
    const candidates = await this.db
      .selectFrom('workflow_runs')
      .select(['id', 'lease_holder', 'lease_until'])
      .where('status', '=', 'running')
      .where('lease_until', 'is not', null)
      .where((eb) =>
        options.everyOtherHolder ? eb('lease_holder', '!=', this.holder) : eb('lease_until', '<', now),
      )
      .limit(50)
      .execute();
    const claimed: string[] = [];
    for (const candidate of candidates) {
      if (candidate.lease_holder === null || candidate.lease_until === null) continue;
      // Only if nobody renewed or claimed it since it was read.
      const updated = await this.db
        .updateTable('workflow_runs')
        .set({ lease_holder: this.holder, lease_until: leaseUntil(this.leaseMs) })
        .where('id', '=', candidate.id)
        .where('status', '=', 'running')
        .where('lease_holder', '=', candidate.lease_holder)
        .where('lease_until', '=', candidate.lease_until)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 1) claimed.push(candidate.id);
    }
    return claimed;
  }
}
