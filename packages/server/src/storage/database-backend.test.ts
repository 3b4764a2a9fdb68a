/**
 * The database file backend on SQLite (FILE_STORE=database without DATABASE_URL): the same code that
 * a cluster runs on PostgreSQL. A file of several rows round-trips byte for byte, nothing lands in the
 * data folder's files, the database holds ciphertext only, and an expired file's rows go with it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFilesHolding } from '../testing/database-bytes';
import { startTestServer, type TestServer } from '../testing/test-server';
import { CHUNK_BYTES } from './database-backend';

const MARKER = 'DOCSTUDIO-CHUNK-MARKER-51c9 tax return of John Doe';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ fileStore: 'database' });
});
afterAll(async () => {
  await server?.close();
});

const chunkRows = async (id: string): Promise<number> =>
  (await server.app.docstudio.db.selectFrom('file_chunks').select('seq').where('file_id', '=', id).execute())
    .length;

describe('the database file backend', () => {
  it('round-trips a file of several rows, keeping only ciphertext', async () => {
    const content = Buffer.concat([Buffer.from(MARKER), randomBytes(CHUNK_BYTES * 2), Buffer.from(MARKER)]);
    const FileId = await server.upload(content, 'return.bin');
    expect(await chunkRows(FileId)).toBe(3);
    const download = await fetch(`${server.apiUrl}/d/${FileId}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    expect(existsSync(join(server.dataDir, 'files'))).toBe(false);
    expect(await databaseFilesHolding(server.dataDir, MARKER)).toEqual([]);

    // What the sweeper does past the retention: the file and its rows go.
    const later = new Date(Date.now() + 365 * 24 * 3_600_000);
    expect(await server.app.docstudio.store.sweepExpired(later)).toBeGreaterThanOrEqual(1);
    expect(await chunkRows(FileId)).toBe(0);
    expect((await fetch(`${server.apiUrl}/d/${FileId}`)).status).toBe(404);
  });
});
