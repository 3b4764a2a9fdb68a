/**
 * One queue interface for every conversion. The in-process implementation runs at most N jobs per
 * engine pool at once (soffice is heavy, qpdf is not) and holds at most `maxQueue` jobs waiting or
 * running in all; past that a new job is refused with 429 and Retry-After instead of piling up.
 * Another implementation (BullMQ on Redis) can stand behind the same interface to scale out.
 */

import type { EngineName } from '../config';
import { DomainError, ErrorCode, engineTimeout, notReady } from '../contract/errors';

export interface QueueDepth {
  waiting: number;
  running: number;
  perEngine: Partial<Record<EngineName, { waiting: number; running: number }>>;
}

export interface JobQueue {
  /**
   * Runs `task` once its engine has a free slot; rejects with a QueueFull DomainError (429) at once when full. The
   * task's signal is aborted by cancel(). A job whose `wait` signal aborts while it is still waiting
   * leaves the queue, rejected with the signal's reason (its deadline passed, its client left).
   */
  enqueue<T>(engine: EngineName, wait: WaitOptions, task: (signal: AbortSignal) => Promise<T>): Promise<T>;
  depth(): QueueDepth;
  /** Stops accepting jobs and resolves when the running ones have ended. */
  close(): Promise<void>;
  /** Ends the shutdown's grace: aborts running jobs and refuses the waiting ones (503). */
  cancel(): void;
}

export interface WaitOptions {
  signal?: AbortSignal;
}

/** Why a waiting job was let go: the signal's reason, or the Timeout answer. */
const waitEnded = (signal: AbortSignal): unknown =>
  signal.reason instanceof DomainError
    ? signal.reason
    : engineTimeout('The conversion waited in the queue longer than its time limit. Please try again later.');

const shuttingDown = (): DomainError => notReady('The server is shutting down. Please try again shortly.');

interface Pool {
  limit: number;
  running: number;
  waiting: Array<() => void>;
}

export class InProcessJobQueue implements JobQueue {
  private readonly pools = new Map<EngineName, Pool>();
  private total = 0;
  private closed = false;
  private idle: Array<() => void> = [];
  private readonly cancelled = new AbortController();

  constructor(
    private readonly maxQueue: number,
    private readonly concurrency: Partial<Record<EngineName, number>>,
    /** Seconds a refused client should wait before trying again. */
    private readonly retryAfterSeconds = 10,
  ) {}

  private pool(engine: EngineName): Pool {
    let pool = this.pools.get(engine);
    if (!pool) {
      pool = { limit: Math.max(1, this.concurrency[engine] ?? 2), running: 0, waiting: [] };
      this.pools.set(engine, pool);
    }
    return pool;
  }

  async enqueue<T>(
    engine: EngineName,
    wait: WaitOptions,
    task: (signal: AbortSignal) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw shuttingDown();
    if (this.total >= this.maxQueue) {
      throw new DomainError(
        ErrorCode.QueueFull,
        'Too many conversions are waiting. Please try again shortly.',
        {
          retryAfterSeconds: this.retryAfterSeconds,
        },
      );
    }
    this.total += 1;
    const pool = this.pool(engine);
    try {
      if (wait.signal?.aborted) throw waitEnded(wait.signal);
      if (pool.running >= pool.limit) await this.waitForSlot(pool, wait.signal);
      if (this.cancelled.signal.aborted) {
        pool.waiting.shift()?.(); // pass the wake-up on, so every waiter is refused in turn
        throw shuttingDown();
      }
      pool.running += 1;
      try {
        return await task(this.cancelled.signal);
      } finally {
        pool.running -= 1;
        pool.waiting.shift()?.();
      }
    } finally {
      this.total -= 1;
      if (this.total === 0) for (const resolve of this.idle.splice(0)) resolve();
    }
  }

  private waitForSlot(pool: Pool, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = (): void => {
        const at = pool.waiting.indexOf(wake);
        if (at >= 0) pool.waiting.splice(at, 1);
        reject(waitEnded(signal as AbortSignal));
      };
      pool.waiting.push(wake);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }

  depth(): QueueDepth {
    const perEngine: QueueDepth['perEngine'] = {};
    let waiting = 0;
    let running = 0;
    for (const [engine, pool] of this.pools) {
      perEngine[engine] = { waiting: pool.waiting.length, running: pool.running };
      waiting += pool.waiting.length;
      running += pool.running;
    }
    return { waiting, running, perEngine };
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.total === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  cancel(): void {
    this.closed = true;
    this.cancelled.abort(shuttingDown());
    for (const pool of this.pools.values()) pool.waiting.shift()?.();
  }
}
