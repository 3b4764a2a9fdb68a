/**
 * Workflow runs any API node can finish: `lease_holder` names the node coordinating a running run and
 * `lease_until` (ISO time) how long its claim lasts without a heartbeat. A run whose lease ran out is
 * adopted by another node, which continues from the progress sealed in `record` (jobs/workflow-run-leases.ts).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workflow_runs').addColumn('lease_holder', 'varchar(128)').execute();
  await db.schema.alterTable('workflow_runs').addColumn('lease_until', 'varchar(32)').execute();
  await db.schema
    .createIndex('workflow_runs_lease')
    .on('workflow_runs')
    .columns(['status', 'lease_until'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('workflow_runs_lease').execute();
  await db.schema.alterTable('workflow_runs').dropColumn('lease_until').execute();
  await db.schema.alterTable('workflow_runs').dropColumn('lease_holder').execute();
}
