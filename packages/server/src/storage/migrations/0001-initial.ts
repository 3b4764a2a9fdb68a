/** The first schema: users, files, jobs, workflows. Portable types only, so PostgreSQL runs it too. */
import { type Kysely, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('email', 'varchar(320)', (col) => col.notNull().unique())
    .addColumn('password_hash', 'varchar(512)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('files')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('file_name', 'varchar(512)', (col) => col.notNull())
    .addColumn('ext', 'varchar(32)', (col) => col.notNull())
    .addColumn('size', 'bigint', (col) => col.notNull())
    .addColumn('kind', 'varchar(16)', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('files_expires_at').on('files').column('expires_at').execute();
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('endpoint', 'varchar(128)', (col) => col.notNull())
    .addColumn('status', 'varchar(16)', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('finished_at', 'varchar(32)')
    .addColumn('seq', 'integer', (col) => col.notNull().defaultTo(sql`0`))
    .execute();
  await db.schema
    .createTable('workflows')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('title', 'varchar(512)', (col) => col.notNull())
    .addColumn('steps', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('updated_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('workflows_owner').on('workflows').column('owner_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['workflows', 'jobs', 'files', 'users']) await db.schema.dropTable(table).execute();
}
