/**
 * BullMQ's Redis settings for REDIS_URL: one BullMQ queue per engine pool (keys
 * `<REDIS_KEY_PREFIX>:conversions-<engine>:…`, the prefix 'docstudio' unless configured), so a
 * worker's per-engine concurrency is BullMQ's own; a job whose worker stops renewing its lock is
 * picked up again once (maxStalledCount 1) and then fails with "stalled" (the API node answers 503).
 */
import type { ConnectionOptions } from 'bullmq';
import type { EngineName } from '../config';

/** Blocking commands must wait as long as they need (BullMQ refuses a retry limit on workers). */
export const redisConnection = (url: string): ConnectionOptions => ({ url, maxRetriesPerRequest: null });

export const engineQueueName = (engine: EngineName): string => `conversions-${engine}`;

/**
 * Lock and stall settings shared by workers: a killed worker's job is noticed within about
 * `STALLED_INTERVAL_MS` after its lock (`LOCK_MS`) ran out, and handed to another worker once.
 */
export const LOCK_MS = 10_000;
export const STALLED_INTERVAL_MS = 5_000;
export const MAX_STALLED = 1;
