/**
 * Request rate limits: token buckets per key (a token's subject, a client IP, an API key), refilled
 * continuously, so a client may burst up to the per-minute figure and then goes at that pace. A request
 * whose bearer is an API key is charged to that key's own, larger bucket only: keys are for scripts
 * and integrations, which send their batches from one machine. Over the limit the
 * caller gets 429 with Retry-After (the seconds until one request is allowed again). In-process by
 * default; with REDIS_URL the buckets live in Redis (redis-rate-limiter.ts), shared by every API node.
 * Every check is async: `rate-limit-calls.test.ts` makes sure each call is awaited.
 */
import type { FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';

/** Where a limiter's buckets are: this process (RateLimiter) or Redis. Both answer seconds to wait. */
export interface BucketStore {
  take(key: string): number | Promise<number>;
  peek(key: string): number | Promise<number>;
}

/** Who is calling, as the token check found it (auth's TokenUser): its subject and, for a key, the key's id. */
export interface ApiCaller {
  id: string;
  apiKeyId?: string;
}

/** Keys idle long enough to be full again are forgotten once the table grows past this. */
const PRUNE_AT = 10_000;

export class RateLimiter implements BucketStore {
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

  /** The seconds `key` would have to wait for one request, without taking it. */
  peek(key: string): number {
    const bucket = this.buckets.get(key);
    if (!bucket) return 0;
    const tokens = Math.min(this.perMinute, bucket.tokens + (this.now() - bucket.at) * this.perMs);
    return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) / this.perMs / 1000));
  }

  private prune(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.perMs >= this.perMinute) this.buckets.delete(key);
    }
  }
}

/**
 * The server's limits: API work (convert, upload, workflow runs, tokens), sign-in form posts per IP
 * (auth/sign-in-throttle.ts adds the per-account back-off), and requests with a bad bearer token.
 */
export class RateLimits {
  readonly api: BucketStore;
  /** API work whose bearer is an API key, one bucket per key. */
  readonly apiKeys: BucketStore;
  readonly signIn: BucketStore;
  readonly badTokens: BucketStore;

  constructor(
    apiPerMinute: number,
    signInPerMinute: number,
    badTokensPerMinute = 30,
    /** Makes a shared limiter (Redis); default: each in this process. */
    shared?: (name: string, perMinute: number) => BucketStore,
    apiKeyPerMinute = apiPerMinute,
  ) {
    const make = shared ?? ((_name: string, perMinute: number) => new RateLimiter(perMinute));
    this.api = make('api', apiPerMinute);
    this.apiKeys = make('api-key', apiKeyPerMinute);
    this.signIn = make('sign-in', signInPerMinute);
    this.badTokens = make('bad-tokens', badTokensPerMinute);
  }

  /**
   * Throws 429 when this address has spent its allowance of invalid, forged or expired tokens: it is
   * checked before any token of the address is verified, so a client trying tokens cannot go on.
   */
  async checkBadTokens(request: FastifyRequest): Promise<void> {
    const seconds = await this.badTokens.peek(`ip:${request.ip}`);
    if (seconds > 0) throw tooManyRequests(seconds);
  }

  /** Charges one bad token to the request's address. */
  async chargeBadToken(request: FastifyRequest): Promise<void> {
    await this.badTokens.take(`ip:${request.ip}`);
  }

  /**
   * Seconds to wait (0: go ahead) for a request of this client; both the IP and, when known, the
   * token's subject are charged, so neither many anonymous tokens nor many addresses get around it.
   */
  async wait(limiter: BucketStore, request: FastifyRequest, subject?: string): Promise<number> {
    const byIp = await limiter.take(`ip:${request.ip}`);
    const bySubject = subject ? await limiter.take(`sub:${subject}`) : 0;
    return Math.max(byIp, bySubject);
  }

  /**
   * Throws the contract's 429 when the client is over the API limit: an API key's own bucket when the
   * bearer is a key, else the caller's address and token subject (none: an anonymous call, per IP).
   */
  async checkApi(request: FastifyRequest, caller?: ApiCaller): Promise<void> {
    const seconds = caller?.apiKeyId
      ? await this.apiKeys.take(`key:${caller.apiKeyId}`)
      : await this.wait(this.api, request, caller?.id);
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
