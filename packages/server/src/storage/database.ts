/**
 * Opens the database (SQLite in the data folder through better-sqlite3) and brings its schema up to
 * date with Kysely's Migrator. Another Kysely dialect (PostgreSQL) can be passed in instead.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  SqliteAdapter,
  SqliteDialect,
  sql,
} from 'kysely';
import type { Database } from './database.types';
import type { KeyRing } from './key-ring';
import { migrations } from './migrations';

/** The migrations, those that seal existing rows made with the storage keys. */
const migrationsWith = (keys: KeyRing | undefined): MigrationProvider => ({
  getMigrations: async () => {
    const made: Record<string, Migration> = {};
    for (const [name, entry] of Object.entries(migrations))
      made[name] = typeof entry === 'function' ? entry(keys) : entry;
    return made;
  },
});

export function sqliteDialect(dataDir: string): Dialect {
  const file = join(dataDir, 'docstudio.sqlite');
  const sqlite = new SQLite(file);
  chmodSync(file, 0o600);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, so a deleted file's id and row do not linger in free pages.
  sqlite.pragma('secure_delete = ON');
  return new SqliteDialect({ database: sqlite });
}

/**
 * After deletes: on SQLite, copy the write-ahead log into the database and truncate it to zero bytes
 * (the log still holds the pages as they were before the delete). Other databases: nothing to do.
 */
export async function compactAfterDelete(db: Kysely<Database>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

/**
 * `keys` are the storage keys, needed by migrations that seal rows written in clear before them; a
 * database holding no such rows (a new one, or in tests) can be opened without.
 */
export async function openDatabase(dialect: Dialect, keys?: KeyRing): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect });
  const { error, results } = await new Migrator({ db, provider: migrationsWith(keys) }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `Database migration failed${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`,
    );
  }
  // A migration that sealed clear rows leaves their old pages in the log: fold it in now.
  if (results?.length) await compactAfterDelete(db);
  return db;
}
