/**
 * What a cluster shares through the database: `file_chunks`, the encrypted files cut into rows when
 * the file store is the database (ciphertext only: the bytes are sealed before they leave the
 * process), and `signing_keys`, the token signing key every node signs and verifies with (its
 * private half sealed with the storage key). Binary columns are `bytea` on PostgreSQL, `blob` on SQLite.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const binary = postgres ? 'bytea' : 'blob';
  await db.schema
    .createTable('file_chunks')
    .addColumn('file_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('data', binary, (col) => col.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['file_id', 'seq'])
    .execute();
  // Ciphertext does not compress: PostgreSQL should store it out of line as it is, without trying.
  if (postgres) await sql`ALTER TABLE file_chunks ALTER COLUMN data SET STORAGE EXTERNAL`.execute(db);
  await db.schema
    .createTable('signing_keys')
    .addColumn('slot', 'varchar(32)', (col) => col.primaryKey())
    .addColumn('kid', 'varchar(64)', (col) => col.notNull())
    .addColumn('public_jwk', 'text', (col) => col.notNull())
    .addColumn('sealed_private_jwk', 'text', (col) => col.notNull())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('signing_keys').execute();
  await db.schema.dropTable('file_chunks').execute();
}
