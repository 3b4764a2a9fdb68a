/**
 * One retention sweeper at a time across a cluster: a node sweeps only while it holds a Redis key
 * (`SET … NX PX`), taken for a little less than the sweep interval, so each interval one node sweeps
 * and a node that dies mid-pass frees the turn once its key expires.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SweepTurn } from './sweeper';

export class SweepLock implements SweepTurn {
  private readonly redis: Redis;
  private readonly holder = randomUUID();
  private readonly key: string;

  /** `keyPrefix`: the cluster's REDIS_KEY_PREFIX (only nodes of one cluster take turns). */
  constructor(
    redisUrl: string,
    private readonly intervalMs: number,
    keyPrefix = 'docstudio',
  ) {
    this.key = `${keyPrefix}:sweeper-turn`;
    this.redis = new Redis(redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    // A sweep skipped while Redis is away is made up by the next one; errors must not crash the node.
    this.redis.on('error', () => undefined);
  }

  async take(): Promise<boolean> {
    const ttl = Math.max(1_000, Math.floor(this.intervalMs * 0.9));
    if ((await this.redis.set(this.key, this.holder, 'PX', ttl, 'NX')) === 'OK') return true;
    // The turn is still this node's own (a pass asked for before the interval is over).
    return (await this.redis.get(this.key)) === this.holder;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}
