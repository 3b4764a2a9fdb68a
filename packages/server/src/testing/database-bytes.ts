/**
 * The raw bytes of the SQLite database as it sits on disk (the main file, its write-ahead log and the
 * shared-memory index), for tests that check a value is not stored, or no longer stored, in clear.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const DATABASE_FILES = ['docstudio.sqlite', 'docstudio.sqlite-wal', 'docstudio.sqlite-shm'];

/** Each database file's bytes by name; a file that does not exist (no WAL yet) is empty. */
export async function databaseBytes(dataDir: string): Promise<Record<string, Buffer>> {
  const found: Record<string, Buffer> = {};
  for (const name of DATABASE_FILES)
    found[name] = await readFile(join(dataDir, name)).catch(() => Buffer.alloc(0));
  return found;
}

/** The names of the database files holding `text` as UTF-8 or UTF-16 (SQLite stores either). */
export async function databaseFilesHolding(dataDir: string, text: string): Promise<string[]> {
  const files = await databaseBytes(dataDir);
  return Object.entries(files)
    .filter(([, bytes]) => bytes.includes(text) || bytes.includes(Buffer.from(text, 'utf16le')))
    .map(([name]) => name);
}
