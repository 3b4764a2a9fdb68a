/**
 * The raw bytes of the SQLite database as it sits on disk (the main file, its write-ahead log and the
 * shared-memory index), for tests that check a value is not stored, or no longer stored, in clear. On
 * PostgreSQL (the server-pg project) the same question is asked of a pg_dump of the folder's database.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dumpDatabase } from './postgres-server';
import { testDatabases } from './test-databases';

export const DATABASE_FILES = ['docstudio.sqlite', 'docstudio.sqlite-wal', 'docstudio.sqlite-shm'];

/** Each database file's bytes by name; a file that does not exist (no WAL yet) is empty. */
export async function databaseBytes(dataDir: string): Promise<Record<string, Buffer>> {
  const found: Record<string, Buffer> = {};
  for (const name of DATABASE_FILES)
    found[name] = await readFile(join(dataDir, name)).catch(() => Buffer.alloc(0));
  return found;
}

/**
 * The names of the database files holding `text` as UTF-8 or UTF-16 (SQLite stores either); on
 * PostgreSQL ['pg_dump'] when a dump of the database shows it (in clear, or as bytea hex).
 */
export async function databaseFilesHolding(dataDir: string, text: string): Promise<string[]> {
  const postgres = testDatabases.get(dataDir);
  if (postgres) {
    const dump = (await dumpDatabase(postgres.databaseUrl)).toLowerCase();
    const forms = [text, Buffer.from(text).toString('hex'), Buffer.from(text, 'utf16le').toString('hex')];
    return forms.some((form) => dump.includes(form.toLowerCase())) ? ['pg_dump'] : [];
  }
  const files = await databaseBytes(dataDir);
  return Object.entries(files)
    .filter(([, bytes]) => bytes.includes(text) || bytes.includes(Buffer.from(text, 'utf16le')))
    .map(([name]) => name);
}
