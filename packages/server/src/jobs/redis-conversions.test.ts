/**
 * Conversions through Redis (REDIS_URL) on one node: ROLE=all enqueues on BullMQ and its own worker
 * converts; ROLE=api alone enqueues and waits for a worker. Real Redis, real engines. The cluster
 * of separate processes on PostgreSQL is jobs/cluster/cluster.test.ts.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../contract/errors';
import { loadKeyRing } from '../storage/key-ring';
import { CORPUS_DIR } from '../testing/corpus';
import { pageRotations } from '../testing/pdf-tools';
import { type RedisServer, startRedisServer } from '../testing/redis-server';
import { writeSlowToRenderPdf } from '../testing/slow-render-pdf';
import { startTestServer, type TestServer } from '../testing/test-server';
import { engineQueueName, redisConnection } from './redis-connection';
import { failureOfQueuedJob } from './redis-conversions';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
/** The test's own files (removed after). */
const scratch = join(tmpdir(), `docstudio-redis-test-${process.pid}`);
const slowPdf = join(scratch, 'slow.pdf');

let redis: RedisServer;

beforeAll(async () => {
  redis = await startRedisServer();
  await mkdir(scratch, { recursive: true });
  await writeSlowToRenderPdf(slowPdf);
});
afterAll(async () => {
  await redis?.stop();
  await rm(scratch, { recursive: true, force: true });
});

describe('ROLE=all on Redis', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ redisUrl: redis.url, role: 'all', maxQueue: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('converts through its queue and answers the stored result', async () => {
    const answer = await server.convert('pdf/to/rotate', { RotatePage: '90' }, [crazyones]);
    expect(answer.status).toBe(200);
    const path = join(scratch, 'rotated.pdf');
    await writeFile(path, await server.download(answer.body.Files?.[0]?.Url as string));
    expect(await pageRotations(path)).toEqual([90]);
  });

  it("deletes the inputs' sealed copies after it has answered", async () => {
    const own = await startTestServer({ redisUrl: redis.url, role: 'all' });
    const uploads = () =>
      own.app.docstudio.db.selectFrom('files').select('id').where('kind', '=', 'upload').execute();
    try {
      const answer = await own.convert('pdf/to/rotate', { RotatePage: '180' }, [crazyones]);
      expect(answer.status).toBe(200);
      // straight after the answer: the deletion may still be under way; close() lets it end first
      await own.app.docstudio.conversions.close();
      expect(await uploads()).toEqual([]);
      const path = join(scratch, 'rotated-180.pdf');
      await writeFile(path, await own.download(answer.body.Files?.[0]?.Url as string));
      expect(await pageRotations(path)).toEqual([180]);
    } finally {
      await own.close();
    }
  });

  it("answers a worker's failure with its own Code", async () => {
    const answer = await server.convert('pdf/to/rotate', { RotatePage: '90' }, [
      { content: '%PDF-1.4\nnot really a pdf', name: 'broken.pdf' },
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.Code).toBe(ErrorCode.DamagedFile);
  });

  it('answers an Async job from the record its worker ended', async () => {
    const started = await server.convert('pdf/to/rotate', { RotatePage: '270', Async: 'true' }, [crazyones]);
    expect(started.status).toBe(202);
    let job = await server.request(`/api/job/${started.body.JobId}`, {
      headers: { authorization: `Bearer ${await server.anonymousToken()}` },
    });
    for (let read = 0; job.status === 202 && read < 600; read += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = await server.request(`/api/job/${started.body.JobId}`, {
        headers: { authorization: `Bearer ${await server.anonymousToken()}` },
      });
    }
    expect(job.status).toBe(200);
    expect(((await job.json()) as { Files: unknown[] }).Files).toHaveLength(1);
  });

  it("keeps a job's parameters and file names sealed while they are in Redis", async () => {
    const secret = 'queue-secret-7f3a';
    const answer = await server.convert('pdf/to/protect', { UserPassword: secret }, [
      { path: crazyones, name: 'patient-record-4711.pdf' },
    ]);
    expect(answer.status).toBe(200);
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys(`${server.app.docstudio.config.redisKeyPrefix}:*`);
      let dump = '';
      for (const key of keys) {
        const type = await client.type(key);
        if (type === 'hash') dump += JSON.stringify(await client.hgetall(key));
        else if (type === 'string') dump += await client.get(key);
        else if (type === 'list') dump += (await client.lrange(key, 0, -1)).join();
        else if (type === 'stream') dump += JSON.stringify(await client.xrange(key, '-', '+'));
      }
      expect(dump).toContain('pdf/to/protect');
      expect(dump).not.toContain(secret);
      expect(dump).not.toContain('patient-record-4711');
    } finally {
      client.disconnect();
    }
  });

  it('refuses a job past MAX_QUEUE with 429 and Retry-After', async () => {
    const slow = server.convert('pdf/to/jpg', { Dpi: '150' }, [slowPdf]);
    const queue = new Queue(engineQueueName('mupdf'), {
      connection: redisConnection(redis.url),
      prefix: server.app.docstudio.config.redisKeyPrefix,
    });
    try {
      let counts = await queue.getJobCounts('waiting', 'active');
      for (let look = 0; look < 600 && (counts.waiting ?? 0) + (counts.active ?? 0) === 0; look += 1) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        counts = await queue.getJobCounts('waiting', 'active');
      }
      const refused = await server.convert('pdf/to/rotate', { RotatePage: '90' }, [crazyones]);
      expect(refused.status).toBe(429);
      expect(refused.body.Code).toBe(ErrorCode.QueueFull);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await slow).status).toBe(200);
    } finally {
      await queue.close();
    }
  }, 300_000);
});

describe('ROLE=api on Redis without a worker', () => {
  it('takes a job still waiting at its deadline off the queue and answers 504, never hangs', async () => {
    const server = await startTestServer({ redisUrl: redis.url, role: 'api' });
    const queue = new Queue(engineQueueName('qpdf'), {
      connection: redisConnection(redis.url),
      prefix: server.app.docstudio.config.redisKeyPrefix,
    });
    try {
      const answer = await server.convert('pdf/to/rotate', { RotatePage: '90', Timeout: '10' }, [crazyones]);
      expect(answer.status).toBe(504);
      expect(answer.body.Code).toBe(ErrorCode.Timeout);
      expect(answer.body.Message).toMatch(/waited in the queue/);
      expect(await queue.getWaitingCount()).toBe(0);
    } finally {
      await queue.close();
      await server.close();
    }
  }, 120_000);
});

describe('MAX_QUEUE across API nodes', () => {
  it("counts every engine's queue, also the ones only another node has used", async () => {
    // Two API nodes of one cluster (one key prefix) and no worker: jobs wait.
    const redisKeyPrefix = `bounds-${process.pid}`;
    const other = await startTestServer({ redisUrl: redis.url, role: 'api', redisKeyPrefix });
    const bounded = await startTestServer({ redisUrl: redis.url, role: 'api', redisKeyPrefix, maxQueue: 1 });
    const queue = new Queue(engineQueueName('mupdf'), {
      connection: redisConnection(redis.url),
      prefix: redisKeyPrefix,
    });
    try {
      const waiting = other.convert('pdf/to/jpg', { Dpi: '150', Timeout: '15' }, [crazyones]);
      await expect.poll(() => queue.getWaitingCount(), { timeout: 30_000, interval: 50 }).toBe(1);
      // A qpdf job on the node that never sent a MuPDF job: the cluster's queue is full all the same.
      const refused = await bounded.convert('pdf/to/rotate', { RotatePage: '90' }, [crazyones]);
      expect(refused.status).toBe(429);
      expect(refused.body.Code).toBe(ErrorCode.QueueFull);
      expect((await waiting).status).toBe(504);
    } finally {
      await queue.close();
      await Promise.all([other.close(), bounded.close()]);
    }
  }, 120_000);
});

it('tells a job that stalled twice from a failure a worker reported', () => {
  const keys = loadKeyRing(tmpdir(), 'ab'.repeat(32));
  const stalled = failureOfQueuedJob(keys, 'job stalled more than allowable limit');
  expect(stalled.code).toBe(ErrorCode.ConversionFailed);
  expect(stalled.transient).toBe(true);
  expect(stalled.message).toMatch(/stopped/);
});
