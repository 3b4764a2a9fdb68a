/**
 * Opens the database (SQLite in the data folder through better-sqlite3, or PostgreSQL through pg when
 * DATABASE_URL is set) and brings its schema up to date with Kysely's Migrator: the same migrations on
 * both. PostgreSQL serialises concurrent migrators itself (Kysely locks its migration table), so nodes
 * starting together on one new database migrate it once.
 */
import { chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  type Dialect,
  Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  sql,
} from 'kysely';
import type PgModule from 'pg';
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

/** PostgreSQL at `url` (postgres://user:password@host:port/database?sslmode=…), through a pool of pg. */
export function postgresDialect(url: string): Dialect {
  // A few connections per node: the queries are short, and a cluster multiplies this by its nodes.
  // pg is loaded here, not when the server starts: a server on SQLite never needs it.
  const pg = createRequire(import.meta.url)('pg') as typeof PgModule;
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection the server drops (a restart, a failover) must not crash the node: the pool
  // replaces it, and while the database is away queries fail and /readyz answers `database` down.
  pool.on('error', () => undefined);
  return new PostgresDialect({ pool });
}

/** The configured database: PostgreSQL when a URL is given, else SQLite in the data folder. */
export const dialectFor = (databaseUrl: string | undefined, dataDir: string): Dialect =>
  databaseUrl ? postgresDialect(databaseUrl) : sqliteDialect(dataDir);

/** True on SQLite (one file, one process), false on a shared database server. */
export const isSqlite = (db: Kysely<Database>): boolean => db.getExecutor().adapter instanceof SqliteAdapter;

/**
 * After deletes: on SQLite, copy the write-ahead log into the database and truncate it to zero bytes
 * (the log still holds the pages as they were before the delete). Other databases: nothing to do.
 */
export async function compactAfterDelete(db: Kysely<Database>): Promise<void> {
  if (!isSqlite(db)) return;
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
