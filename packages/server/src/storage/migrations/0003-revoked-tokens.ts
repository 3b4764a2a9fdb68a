/**
 * The deny list of signed-out tokens: one row per revoked token id (a token's `jti`, or the `sid` of
 * the sign-in session a token was minted from), kept until no token carrying it can still be valid.
 */
import type { Kysely } from 'kysely';

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on the current schema type
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('revoked_tokens')
    .addColumn('id', 'varchar(64)', (col) => col.primaryKey())
    .addColumn('expires_at', 'varchar(32)', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('revoked_tokens_expires_at')
    .on('revoked_tokens')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('revoked_tokens').execute();
}
