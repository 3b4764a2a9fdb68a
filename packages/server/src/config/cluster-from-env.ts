/**
 * The scale-out settings: REDIS_URL (jobs through BullMQ, rate limits and the sweeper's lock in
 * Redis), REDIS_KEY_PREFIX (whose keys they are) and ROLE (which part of the server this process is). Without REDIS_URL everything stays in
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

/** Letters, digits and `_-.` only: the prefix is joined to BullMQ's own `:`-separated key names. */
function parseKeyPrefix(value: string | undefined): string {
  const prefix = value?.trim() || 'docstudio';
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(prefix))
    throw new Error(`REDIS_KEY_PREFIX must be 1-64 letters, digits, '_', '-' or '.', got '${value}'.`);
  return prefix;
}

export function clusterSettingsFromEnv(
  env: NodeJS.ProcessEnv,
): Pick<ServerConfig, 'redisUrl' | 'role' | 'redisKeyPrefix'> {
  const role = (env.ROLE?.trim().toLowerCase() || 'all') as ServerRole;
  if (!ROLES.includes(role)) throw new Error(`ROLE must be api, worker or all, got '${env.ROLE}'.`);
  const redisUrl = parseRedisUrl(env.REDIS_URL);
  if (role !== 'all' && !redisUrl)
    throw new Error(`ROLE=${role} needs REDIS_URL: API nodes and workers meet through Redis.`);
  if (role !== 'all' && !env.DATABASE_URL?.trim())
    throw new Error(
      `ROLE=${role} needs DATABASE_URL: API nodes and workers share the records and files in PostgreSQL.`,
    );
  return { redisUrl, role, redisKeyPrefix: parseKeyPrefix(env.REDIS_KEY_PREFIX) };
}
