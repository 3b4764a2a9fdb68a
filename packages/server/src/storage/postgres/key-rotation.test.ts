/**
 * The token signing key in the shared database survives a storage key rotation: a token signed before
 * it stays valid during the rotation (STORAGE_KEY_PREVIOUS) and after it, once the previous key is
 * gone, since the start with both keys sealed the signing key again under the new one.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../testing/postgres-server';
import { startTestServer } from '../../testing/test-server';

let databaseUrl: string;
let dataDir: string;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: run this file in the server-pg project.');
  databaseUrl = await createTestDatabase(serverUrl);
  dataDir = await mkdtemp(join(tmpdir(), 'docstudio-rotation-'));
});
afterAll(async () => {
  await dropTestDatabase(databaseUrl);
  await rm(dataDir, { recursive: true, force: true });
});

async function isValidOn(options: { storageKeyHex: string; previousStorageKeyHex?: string }, token: string) {
  const server = await startTestServer({ databaseUrl, dataDir, ...options });
  try {
    const answer = await fetch(`${server.apiUrl}/functions/validate-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    return ((await answer.json()) as { valid: boolean }).valid;
  } finally {
    await server.close();
  }
}

describe('storage key rotation on PostgreSQL', () => {
  it('keeps tokens valid through the rotation and after the previous key is dropped', async () => {
    const oldKey = randomBytes(32).toString('hex');
    const newKey = randomBytes(32).toString('hex');
    const first = await startTestServer({ databaseUrl, dataDir, storageKeyHex: oldKey });
    const token = await first.anonymousToken();
    await first.close();

    expect(await isValidOn({ storageKeyHex: newKey, previousStorageKeyHex: oldKey }, token)).toBe(true);
    expect(await isValidOn({ storageKeyHex: newKey }, token)).toBe(true);
    // A node given a key that never sealed it cannot open the signing key: it refuses to start.
    await expect(isValidOn({ storageKeyHex: randomBytes(32).toString('hex') }, token)).rejects.toThrow(
      /sealed with another storage key: give this node the STORAGE_KEY of the others/,
    );
  });
});
