/**
 * Two servers on one PostgreSQL database, as two nodes of a cluster (each with its own data folder):
 * a token made by one is valid on the other, a file uploaded through one downloads through the other,
 * and the file's bytes are in the database, not in either node's folder.
 */
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase } from '../../testing/postgres-server';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { CHUNK_BYTES } from '../database-backend';

let databaseUrl: string;
let nodeA: TestServer;
let nodeB: TestServer;

beforeAll(async () => {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) throw new Error('DATABASE_URL is not set: run this file in the server-pg project.');
  databaseUrl = await createTestDatabase(serverUrl);
  const storageKeyHex = randomBytes(32).toString('hex');
  // Started together, as nodes of a new cluster: both migrate and race to make the signing key.
  [nodeA, nodeB] = await Promise.all([
    startTestServer({ databaseUrl, storageKeyHex }),
    startTestServer({ databaseUrl, storageKeyHex }),
  ]);
});
afterAll(async () => {
  await nodeA?.close();
  await nodeB?.close();
  await dropTestDatabase(databaseUrl);
});

const filesUnder = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name);

describe('two nodes on one PostgreSQL database', () => {
  it('accept each other’s tokens, and sign-out on one holds on the other', async () => {
    // A token of its own (not the node's default one, which the next test uses).
    const minted = await fetch(`${nodeA.apiUrl}/functions/generate-jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const { token } = (await minted.json()) as { token: string };
    const validated = await fetch(`${nodeB.apiUrl}/functions/validate-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token }),
    });
    expect(validated.status).toBe(200);
    expect(((await validated.json()) as { valid: boolean }).valid).toBe(true);

    const revoked = await nodeB.request('/api/functions/revoke-token', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(revoked.status).toBe(200);
    const afterSignOut = await nodeA.request('/api/upload', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-disposition': 'attachment; filename="a.txt"' },
      body: 'after sign-out',
    });
    expect(afterSignOut.status).toBe(401);
    expect(((await afterSignOut.json()) as { Code: number }).Code).toBe(4013);
  });

  it('serve a file uploaded through the other node, byte for byte, from the database', async () => {
    // Several database rows' worth, not a multiple of the row size: the last row is a short one.
    const content = randomBytes(CHUNK_BYTES * 2 + 12_345);
    const upload = await nodeA.request('/api/upload', {
      method: 'POST',
      headers: { 'content-disposition': "attachment; filename*=UTF-8''quarterly%20report.bin" },
      body: content,
    });
    expect(upload.status).toBe(200);
    const { FileId, FileName } = (await upload.json()) as { FileId: string; FileName: string };
    expect(FileName).toBe('quarterly report.bin');

    const download = await fetch(`${nodeB.apiUrl}/d/${FileId}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('quarterly');
    expect(Buffer.from(await download.arrayBuffer()).equals(content)).toBe(true);
    // Neither node wrote the file into its own folder: every node reaches it through the database.
    for (const node of [nodeA, nodeB]) expect(await filesUnder(node.dataDir)).toEqual([]);
  });
});
