/**
 * Per test file of the server-pg project: DATABASE_URL and REDIS_URL name the run's PostgreSQL and
 * Redis servers, so every test server starts on PostgreSQL (a fresh database each) with its jobs
 * going through BullMQ on Redis (its own key prefix, ROLE=all), testing/test-server.ts.
 */
import { inject } from 'vitest';

process.env.DATABASE_URL = inject('postgresUrl');
process.env.REDIS_URL = inject('redisUrl');
