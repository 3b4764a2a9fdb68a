/**
 * The API limits on Redis (REDIS_URL), as every API node of a cluster charges them: a real Redis, the
 * Lua token bucket, two nodes' limiters on one Redis. An API key's calls go to the key's own bucket
 * (300 quick calls pass at the default allowance); a key over its bucket gets 429 with Retry-After on
 * whichever node it calls; anonymous calls stay limited per address.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig } from '../config';
import { type RedisServer, startRedisServer } from '../testing/redis-server';
import { ApiError } from './api-error';
import { RateLimits } from './rate-limit';
import { RedisBuckets } from './redis-rate-limiter';

let redis: RedisServer;
const connections: RedisBuckets[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(connections.map((buckets) => buckets.close()));
  await redis?.stop();
});

/** One API node's limits on the shared Redis (a cluster: the same key prefix on every node). */
function nodeLimits(prefix: string, apiPerMinute: number, apiKeyPerMinute: number): RateLimits {
  const buckets = new RedisBuckets(redis.url, prefix);
  connections.push(buckets);
  return new RateLimits(
    apiPerMinute,
    10,
    30,
    (name, perMinute) => buckets.limiter(name, perMinute),
    apiKeyPerMinute,
  );
}

const from = (ip: string) => ({ ip }) as FastifyRequest;

/** The 429 checkApi throws, or undefined when the call was let through. */
async function refusal(check: Promise<void>): Promise<ApiError | undefined> {
  try {
    await check;
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('API limits on Redis', () => {
  it('lets an API key make 300 quick calls from one address at the default allowance', async () => {
    const limits = nodeLimits(`test-${randomUUID()}`, 3, defaultConfig().apiKeyRateLimitPerMinute);
    const caller = { id: 'user-1', apiKeyId: 'key-1' };
    const refusals: (ApiError | undefined)[] = [];
    for (let sent = 0; sent < 300; sent += 20) {
      const batch = Array.from({ length: 20 }, () => refusal(limits.checkApi(from('203.0.113.1'), caller)));
      refusals.push(...(await Promise.all(batch)));
    }
    expect(refusals).toHaveLength(300);
    expect(refusals.filter(Boolean)).toEqual([]);
    // The address's own bucket (3 a minute) was not charged by the key's calls.
    for (let i = 0; i < 3; i++) expect(await refusal(limits.checkApi(from('203.0.113.1')))).toBeUndefined();
    expect((await refusal(limits.checkApi(from('203.0.113.1'))))?.status).toBe(429);
  });

  it('charges one key on every node and refuses it with 429 and Retry-After, leaving other keys alone', async () => {
    const prefix = `test-${randomUUID()}`;
    const [nodeA, nodeB] = [nodeLimits(prefix, 120, 3), nodeLimits(prefix, 120, 3)];
    const caller = { id: 'user-2', apiKeyId: 'key-2' };
    expect(await refusal(nodeA.checkApi(from('203.0.113.2'), caller))).toBeUndefined();
    expect(await refusal(nodeB.checkApi(from('203.0.113.3'), caller))).toBeUndefined();
    expect(await refusal(nodeA.checkApi(from('203.0.113.4'), caller))).toBeUndefined();
    const refused = await refusal(nodeB.checkApi(from('203.0.113.5'), caller));
    expect(refused?.status).toBe(429);
    // 3 a minute: one call every 20 s.
    const retryAfter = Number(refused?.headers?.['Retry-After']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(20);
    expect(
      await refusal(nodeA.checkApi(from('203.0.113.5'), { id: 'user-2', apiKeyId: 'key-3' })),
    ).toBeUndefined();
  });
});
