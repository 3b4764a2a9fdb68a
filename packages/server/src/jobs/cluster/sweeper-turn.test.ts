/**
 * One retention sweeper at a time: two nodes sharing one PostgreSQL store sweep at the same moment,
 * each with its turn taken in a real Redis (jobs/sweep-lock.ts). Each expired file is deleted once,
 * by one node, and is gone for both. The sweep's clock is moved past the retention, the store itself
 * is the nodes' real one.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { upload } from '../../testing/cluster-client';
import { CORPUS_DIR } from '../../testing/corpus';
import { createTestDatabase, type PostgresServer, startPostgresServer } from '../../testing/postgres-server';
import { type RedisServer, startRedisServer } from '../../testing/redis-server';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { SweepLock } from '../sweep-lock';
import { type Sweeper, startSweeper } from '../sweeper';

let redis: RedisServer;
let postgres: PostgresServer;
let nodes: TestServer[] = [];

beforeAll(async () => {
  [redis, postgres] = await Promise.all([startRedisServer(), startPostgresServer()]);
  const shared = {
    databaseUrl: await createTestDatabase(postgres.url),
    storageKeyHex: randomBytes(32).toString('hex'),
  };
  // One after the other: the first migrates the shared database.
  nodes = [await startTestServer(shared)];
  nodes.push(await startTestServer(shared));
});

afterAll(async () => {
  await Promise.allSettled(nodes.map((node) => node.close()));
  await Promise.allSettled([redis?.stop(), postgres?.stop()]);
});

/** A node's sweeper as the server runs it, on its own store, with a clock past every retention. */
function sweeperOf(node: TestServer, turn: SweepLock): Sweeper {
  const context = node.app.docstudio;
  const later = new Date(Date.now() + 2 * context.config.retentionMinutes * 60_000);
  return startSweeper(
    {
      ...context,
      config: { retentionMinutes: context.config.retentionMinutes, sweepIntervalMs: 3_600_000 },
      store: { sweepExpired: () => context.store.sweepExpired(later) },
    },
    turn,
  );
}

it('deletes each expired file once, on one node, when two nodes sweep at the same time', async () => {
  const [node1, node2] = nodes as [TestServer, TestServer];
  const token = await node1.anonymousToken();
  const ids: string[] = [];
  for (let file = 0; file < 3; file += 1) {
    const answer = await upload(node1.apiUrl, `${CORPUS_DIR}/pdf/crazyones.pdf`, token);
    expect(answer.status).toBe(200);
    ids.push(answer.body.FileId as string);
  }
  for (const id of ids) expect((await node2.request(`/api/d/${id}/crazyones.pdf`)).status).toBe(200);

  const turns = [new SweepLock(redis.url, 3_600_000), new SweepLock(redis.url, 3_600_000)];
  const sweepers = [sweeperOf(node1, turns[0] as SweepLock), sweeperOf(node2, turns[1] as SweepLock)];
  try {
    const removed = await Promise.all(sweepers.map((sweeper) => sweeper.sweepNow()));
    expect([...removed].sort()).toEqual([0, 3]);
    for (const node of nodes)
      for (const id of ids) expect((await node.request(`/api/d/${id}/crazyones.pdf`)).status).toBe(404);
  } finally {
    for (const sweeper of sweepers) sweeper.stop();
    await Promise.all(turns.map((turn) => turn.close()));
  }
});
