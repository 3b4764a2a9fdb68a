/**
 * Request rate limits: token buckets per key (a token's subject, a client IP), refilled continuously,
 * so a client may burst up to the per-minute figure and then goes at that pace. Over the limit the
 * caller gets 429 with Retry-After (the seconds until one request is allowed again). In-process, like
 * the queue: one server instance; behind several instances each limits on its own.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError, ErrorCode } from './errors';

/** Keys idle long enough to be full again are forgotten once the table grows past this. */
const PRUNE_AT = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly perMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {
    this.perMs = perMinute / 60_000;
  }

  /** Takes one request for `key`: 0 when allowed, else the whole seconds to wait. */
  take(key: string): number {
    const now = this.now();
    if (this.buckets.size >= PRUNE_AT) this.prune(now);
    const bucket = this.buckets.get(key) ?? { tokens: this.perMinute, at: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.at) * this.perMs);
    bucket.at = now;
    this.buckets.set(key, bucket);
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return 0;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / this.perMs / 1000));
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(key);
    }
  }
}

/** The server's limits: API work (convert, upload, workflow runs, tokens) and sign-in attempts. */
export class RateLimits {
  readonly api: RateLimiter;
  readonly signIn: RateLimiter;

  constructor(apiPerMinute: number, signInPerMinute: number) {
    this.api = new RateLimiter(apiPerMinute);
    this.signIn = new RateLimiter(signInPerMinute);
  }

  /**
   * Seconds to wait (0: go ahead) for a request of this client; both the IP and, when known, the
   * token's subject are charged, so neither many anonymous tokens nor many addresses get around it.
   */
  wait(limiter: RateLimiter, request: FastifyRequest, subject?: string): number {
    const byIp = limiter.take(`ip:${request.ip}`);
    const bySubject = subject ? limiter.take(`sub:${subject}`) : 0;
    return Math.max(byIp, bySubject);
  }

  /** Throws the contract's 429 when the client is over the API limit. */
  checkApi(request: FastifyRequest, subject?: string): void {
    const seconds = this.wait(this.api, request, subject);
    if (seconds > 0) throw tooManyRequests(seconds);
  }
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  return new ApiError(
    429,
    ErrorCode.RateLimited,
    `Too many requests. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    undefined,
    { 'Retry-After': String(retryAfterSeconds) },
  );
}
