/**
 * Workflow run history and completion webhooks: the `workflow_runs` table (one row per run, keyed by
 * its JobId; steps, errors and result files sealed, since they name the user's documents) and the
 * `workflows.callback` column (the sealed CallbackUrl and CallbackSecret of a workflow, or null).
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('workflow_runs')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('workflow_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('record', 'text', (col) => col.notNull())
    .addColumn('started_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('workflow_runs_owner')
    .on('workflow_runs')
    .columns(['owner_id', 'workflow_id', 'started_at'])
    .execute();
  await db.schema.alterTable('workflows').addColumn('callback', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('workflows').dropColumn('callback').execute();
  await db.schema.dropTable('workflow_runs').execute();
}
