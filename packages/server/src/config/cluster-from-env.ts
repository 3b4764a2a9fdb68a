/**
 * The scale-out settings: REDIS_URL (jobs through BullMQ, rate limits and the sweeper's lock in
 * Redis) and ROLE (which part of the server this process is). Without REDIS_URL everything stays in
 * the process, as a single machine runs it.
 */
import type { ServerConfig, ServerRole } from './config';

const ROLES: readonly ServerRole[] = ['api', 'worker', 'all'];

/** A Redis URL as ioredis takes it; anything else is an error at start-up, never a silent fallback. */
function parseRedisUrl(value: string | undefined): string | undefined {
  if (!value?.trim()) return undefined;
  const url = URL.canParse(value.trim()) ? new URL(value.trim()) : undefined;
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:'))
    throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got '${value}'.`);
  return value.trim();
}

export function clusterSettingsFromEnv(env: NodeJS.ProcessEnv): Pick<ServerConfig, 'redisUrl' | 'role'> {
  const role = (env.ROLE?.trim().toLowerCase() || 'all') as ServerRole;
  if (!ROLES.includes(role)) throw new Error(`ROLE must be api, worker or all, got '${env.ROLE}'.`);
  const redisUrl = parseRedisUrl(env.REDIS_URL);
  if (role !== 'all' && !redisUrl)
    throw new Error(`ROLE=${role} needs REDIS_URL: API nodes and workers meet through Redis.`);
  if (role !== 'all' && !env.DATABASE_URL?.trim())
    throw new Error(
      `ROLE=${role} needs DATABASE_URL: API nodes and workers share the records and files in PostgreSQL.`,
    );
  return { redisUrl, role };
}
