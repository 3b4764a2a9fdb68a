/**
 * A node outlives its database going away (a restart or a failover): the pool's dropped connections
 * do not crash it, /readyz answers 503 naming the database while it is down, a request then gets an
 * error answer, and once PostgreSQL is back the node serves its files again without a restart. Its
 * own PostgreSQL server, since this one is stopped half-way.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type PostgresServer, startPostgresServer } from '../../testing/postgres-server';
import { startTestServer, type TestServer } from '../../testing/test-server';

let postgres: PostgresServer;
let server: TestServer;

beforeAll(async () => {
  postgres = await startPostgresServer();
  const databaseUrl = await createTestDatabase(postgres.url);
  server = await startTestServer({ databaseUrl, storageKeyHex: randomBytes(32).toString('hex') });
});
afterAll(async () => {
  await server?.close();
  await postgres?.stop();
});

const upload = (body: string) =>
  server.request('/api/upload', {
    method: 'POST',
    headers: { 'content-disposition': 'attachment; filename="note.txt"' },
    body,
  });

describe('a node whose PostgreSQL restarts', () => {
  it('stays up, says the database is down, and serves again once it is back', async () => {
    const stored = await upload('kept across the restart');
    expect(stored.status).toBe(200);
    const { FileId } = (await stored.json()) as { FileId: string };

    await postgres.pause();
    const ready = await fetch(`${server.apiUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(((await ready.json()) as { down: string[] }).down).toContain('database');
    expect((await upload('while the database is away')).status).toBeGreaterThanOrEqual(500);

    await postgres.resume();
    expect((await fetch(`${server.apiUrl}/readyz`)).status).toBe(200);
    const download = await fetch(`${server.apiUrl}/d/${FileId}`);
    expect(await download.text()).toBe('kept across the restart');
  });
});
