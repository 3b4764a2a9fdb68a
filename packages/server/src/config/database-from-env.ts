/**
 * The shared-storage settings: DATABASE_URL (PostgreSQL instead of the SQLite file in DATA_DIR) and
 * FILE_STORE (where the encrypted files live: `database`, the cluster default, or `folder`, DATA_DIR
 * on this machine). Without DATABASE_URL everything stays in DATA_DIR, as a single machine runs it.
 */
import type { FileStoreKind, ServerConfig } from './config';

/** A postgres:// URL as pg takes it; anything else is an error at start-up, never a silent fallback. */
function parseDatabaseUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  if (!url || (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:'))
    // The URL itself is not repeated: it may carry a password.
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL.');
  return value.trim();
}

export function databaseSettingsFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<ServerConfig, 'databaseUrl' | 'fileStore'> {
  const databaseUrl = parseDatabaseUrl(env.DATABASE_URL);
  const kind = env.FILE_STORE?.trim().toLowerCase() || undefined;
  if (kind !== undefined && kind !== 'database' && kind !== 'folder')
    throw new Error(`FILE_STORE must be database or folder, got '${env.FILE_STORE}'.`);
  return { databaseUrl, fileStore: kind as FileStoreKind | undefined };
}
