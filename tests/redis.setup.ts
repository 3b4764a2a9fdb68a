/**
 * Vitest global set-up of the server-pg project, beside PostgreSQL's: one throwaway Redis for the
 * whole run, so every test server there sends its jobs through BullMQ to its own workers (each under
 * its own key prefix, testing/test-server.ts). A Redis that cannot start fails the run, never a skip.
 */
import type { TestProject } from 'vitest/node';
import { startRedisServer } from '../packages/server/src/testing/redis-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const redis = await startRedisServer();
  project.provide('redisUrl', redis.url);
  return () => redis.stop();
}
