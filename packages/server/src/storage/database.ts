/**
 * Opens the database (SQLite in the data folder through better-sqlite3) and brings its schema up to
 * date with Kysely's Migrator. Another Kysely dialect (PostgreSQL) can be passed in instead.
 */
import { chmodSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Dialect, Kysely, type MigrationProvider, Migrator, SqliteDialect } from 'kysely';
import type { Database } from './database.types';
import { migrations } from './migrations';

const staticMigrations: MigrationProvider = { getMigrations: async () => migrations };

export function sqliteDialect(dataDir: string): Dialect {
  const file = join(dataDir, 'docstudio.sqlite');
  const sqlite = new SQLite(file);
  chmodSync(file, 0o600);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('busy_timeout = 5000');
  return new SqliteDialect({ database: sqlite });
}

export async function openDatabase(dialect: Dialect): Promise<Kysely<Database>> {
  const db = new Kysely<Database>({ dialect });
  const { error, results } = await new Migrator({ db, provider: staticMigrations }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw new Error(
      `Database migration failed${failed ? ` (${failed.migrationName})` : ''}: ${String(error)}`,
    );
  }
  return db;
}
