/**
 * API keys: long-lived bearer credentials a signed-in user makes for scripts and portals. Only the
 * SHA-256 of each key is stored (with a short prefix to tell keys apart); a revoked key keeps its row
 * (revoked_at set) so it can be answered as revoked rather than unknown.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('owner_id', 'varchar(64)', (col) => col.notNull())
    .addColumn('name', 'varchar(100)', (col) => col.notNull())
    .addColumn('prefix', 'varchar(16)', (col) => col.notNull())
    .addColumn('secret_hash', 'varchar(64)', (col) => col.notNull().unique())
    .addColumn('created_at', 'varchar(32)', (col) => col.notNull())
    .addColumn('last_used_at', 'varchar(32)')
    .addColumn('revoked_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('api_keys_owner').on('api_keys').column('owner_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('api_keys').execute();
}
