/**
 * The token bucket of rate-limit.ts kept in Redis (REDIS_URL), so every API node charges the same
 * bucket: one Lua script reads, refills, takes and writes it atomically, on Redis's own clock (nodes'
 * clocks may differ). A bucket's key expires once it would be full again. Keys name the limiter and
 * the address or token subject, never a token.
 */
import { Redis } from 'ioredis';
import type { BucketStore } from './rate-limit';

/** KEYS[1]: the bucket; ARGV: capacity, tokens per ms, 1 to take one (0: only look). Returns seconds to wait. */
const BUCKET_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local capacity = tonumber(ARGV[1])
local perMs = tonumber(ARGV[2])
local state = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(state[1]) or capacity
local at = tonumber(state[2]) or now
tokens = math.min(capacity, tokens + math.max(0, now - at) * perMs)
local wait = 0
if tokens >= 1 then
  if ARGV[3] == '1' then tokens = tokens - 1 end
else
  wait = math.max(1, math.ceil((1 - tokens) / perMs / 1000))
end
if ARGV[3] == '1' then
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / perMs))
end
return wait
`;

/** One Redis connection shared by a node's limiters. */
export class RedisBuckets {
  readonly redis: Redis;

  /** `keyPrefix`: the cluster's REDIS_KEY_PREFIX (a bucket is shared only within one cluster). */
  constructor(
    redisUrl: string,
    private readonly keyPrefix = 'docstudio',
  ) {
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
    this.redis.defineCommand('docstudioBucket', { numberOfKeys: 1, lua: BUCKET_SCRIPT });
  }

  /** The bucket store of one limiter (`api`, `sign-in`, `bad-tokens`) at `perMinute`. */
  limiter(name: string, perMinute: number): BucketStore {
    const run = (key: string, take: boolean): Promise<number> =>
      (
        this.redis as unknown as {
          docstudioBucket(key: string, ...args: string[]): Promise<number>;
        }
      ).docstudioBucket(
        `${this.keyPrefix}:rate:${name}:${key}`,
        String(perMinute),
        String(perMinute / 60_000),
        take ? '1' : '0',
      );
    return { take: (key) => run(key, true), peek: (key) => run(key, false) };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
