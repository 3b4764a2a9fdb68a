/** DATABASE_URL and FILE_STORE as the environment gives them, and the storage key a shared database needs. */
import { describe, expect, it } from 'vitest';
import { createServer } from '../app';
import { loadConfigFromEnv } from './config-from-env';

describe('DATABASE_URL and FILE_STORE', () => {
  it('reads a PostgreSQL URL and the file store, files in the database by default', () => {
    const url = 'postgres://docstudio:secret@db.internal:5432/docstudio';
    expect(loadConfigFromEnv({ DATABASE_URL: url })).toMatchObject({
      databaseUrl: url,
      fileStore: undefined,
    });
    expect(loadConfigFromEnv({ DATABASE_URL: url, FILE_STORE: 'Folder' }).fileStore).toBe('folder');
    expect(loadConfigFromEnv({}).databaseUrl).toBeUndefined();
  });

  it('refuses another kind of URL without repeating it (it may hold a password), and an unknown store', () => {
    const attempt = () => loadConfigFromEnv({ DATABASE_URL: 'mysql://root:hunter2@db/docstudio' });
    expect(attempt).toThrow('DATABASE_URL must be a postgres:// or postgresql:// URL.');
    expect(attempt).not.toThrow(/hunter2/);
    expect(() => loadConfigFromEnv({ FILE_STORE: 's3' })).toThrow(
      "FILE_STORE must be database or folder, got 's3'.",
    );
  });

  it('refuses to start on a shared database without STORAGE_KEY, before connecting to it', async () => {
    await expect(
      createServer({ databaseUrl: 'postgres://127.0.0.1:1/nowhere', logger: false }),
    ).rejects.toThrow(/DATABASE_URL needs STORAGE_KEY/);
  });
});
