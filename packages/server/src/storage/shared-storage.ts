/**
 * The choices DATABASE_URL and FILE_STORE make: which backend holds the encrypted files, and the rule
 * that a shared database needs the storage key from the configuration (a key file made per node
 * would seal what the other nodes cannot open).
 */
import type { Kysely } from 'kysely';
import type { Database } from './database.types';
import { DatabaseBackend } from './database-backend';
import type { FileBackend } from './file-backend';
import { FolderBackend } from './folder-backend';

export interface StorageChoice {
  databaseUrl?: string;
  fileStore?: 'database' | 'folder';
  storageKeyHex?: string;
  dataDir: string;
}

/** Refuses a shared database without STORAGE_KEY, before anything is opened or written. */
export function checkSharedStorageKey(choice: StorageChoice): void {
  if (choice.databaseUrl && !choice.storageKeyHex)
    throw new Error(
      'DATABASE_URL needs STORAGE_KEY (64 hex digits), the same on every node: a key made by one node could not open what the others stored.',
    );
}

/** FILE_STORE, or its default: the database when it is shared (DATABASE_URL), else the data folder. */
export function fileBackendFor(choice: StorageChoice, db: Kysely<Database>): FileBackend {
  const kind = choice.fileStore ?? (choice.databaseUrl ? 'database' : 'folder');
  return kind === 'database' ? new DatabaseBackend(db) : new FolderBackend(choice.dataDir);
}
