/**
 * The environment's settings (see the README's configuration table): every variable overrides one
 * field of defaultConfig(). Most values are checked strictly: a typo is an error at start-up rather than
 * a value that silently falls back (the engine settings keep their lenient reading, engines-from-env.ts).
 */
import { resolve } from 'node:path';
import { policyFromEnv } from '../security/ssrf';
import { clusterSettingsFromEnv } from './cluster-from-env';
import {
  type CorsOrigins,
  defaultConfig,
  type EngineName,
  engineJobsPerCore,
  type ServerConfig,
} from './config';
import { databaseSettingsFromEnv } from './database-from-env';
import { parseEngineConcurrency } from './engine-concurrency';
import { engineSettingsFromEnv } from './engines-from-env';
import { limitsFromEnv } from './limits-from-env';

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return /^(1|true|on|yes)$/i.test(value.trim());
}

function parsePositiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0)
    throw new Error(`${name} must be a positive integer, got '${value}'.`);
  return parsed;
}

/** A positive number of seconds, fractions allowed (`1.5`). */
function parsePositiveSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!/^\d*\.?\d+$/.test(value.trim()) || parsed <= 0)
    throw new Error(`${name} must be a positive number of seconds, got '${value}'.`);
  return parsed;
}

/**
 * One origin written as the browser sends it (scheme, host and port only). A path, a query, a
 * wildcard or a typo is an error at start-up rather than an origin that silently never matches.
 */
function parseOrigin(variable: string, entry: string): string {
  let url: URL | undefined;
  try {
    url = new URL(entry);
  } catch {
    url = undefined;
  }
  const bare = url && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
  // Wildcards such as https://*.example are not origins: browsers send the exact host.
  const plainHost = url && /^([a-z0-9-]+\.)*[a-z0-9-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname);
  if (
    !url ||
    !/^https?:$/.test(url.protocol) ||
    !bare ||
    !plainHost ||
    entry.endsWith('#') ||
    entry.endsWith('?')
  ) {
    throw new Error(`${variable} entries must be origins such as https://partner.example, got '${entry}'.`);
  }
  return url.origin;
}

const listEntries = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** CORS_ORIGINS: `*`, or comma-separated origins (parseOrigin). */
export function parseCorsOrigins(value: string | undefined): CorsOrigins {
  const entries = listEntries(value);
  if (entries.includes('*')) {
    if (entries.length > 1)
      throw new Error(`CORS_ORIGINS is either '*' or a list of origins, got '${value}'.`);
    return '*';
  }
  return [...new Set(entries.map((entry) => parseOrigin('CORS_ORIGINS', entry)))];
}

/** CSP_CONNECT_ORIGINS: comma-separated origins (parseOrigin); no wildcard, the policy names each one. */
export function parseCspConnectOrigins(value: string | undefined): readonly string[] {
  return [...new Set(listEntries(value).map((entry) => parseOrigin('CSP_CONNECT_ORIGINS', entry)))];
}

/** Reads PORT, HOST, DATA_DIR, STATIC_DIR, RETENTION_MINUTES, MAX_QUEUE, ENGINE_CONCURRENCY, WORKER_IDLE_SECONDS, SHUTDOWN_GRACE_SECONDS, WORKFLOW_LEASE_SECONDS, ALLOW_PRIVATE_URLS, SSRF_ALLOWED_ORIGINS, REMOTE_FETCH, PUBLIC_URL, STORAGE_KEY, STORAGE_KEY_PREVIOUS, DOWNLOADS_REQUIRE_OWNER, DOWNLOAD_LINK_MINUTES, RATE_LIMIT_PER_MINUTE, SIGN_IN_ATTEMPTS_PER_MINUTE, CORS_ORIGINS, CSP_CONNECT_ORIGINS, LOG, REDIS_URL and ROLE (cluster-from-env.ts), DATABASE_URL and FILE_STORE (database-from-env.ts), the limits of limits-from-env.ts and the engine settings of engines-from-env.ts. */
export function loadConfigFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const base = defaultConfig();
  return {
    ...base,
    port: env.PORT !== undefined && env.PORT !== '' ? Number(env.PORT) : base.port,
    host: env.HOST || base.host,
    dataDir: resolve(env.DATA_DIR || base.dataDir),
    staticDir: env.STATIC_DIR ? resolve(env.STATIC_DIR) : undefined,
    retentionMinutes: parsePositiveInt('RETENTION_MINUTES', env.RETENTION_MINUTES, base.retentionMinutes),
    maxQueue: parsePositiveInt('MAX_QUEUE', env.MAX_QUEUE, base.maxQueue),
    engineConcurrency: parseEngineConcurrency(
      env.ENGINE_CONCURRENCY,
      base.engineConcurrency,
      Object.keys(engineJobsPerCore) as EngineName[],
    ),
    workerIdleSeconds: parsePositiveSeconds(
      'WORKER_IDLE_SECONDS',
      env.WORKER_IDLE_SECONDS,
      base.workerIdleSeconds,
    ),
    shutdownGraceSeconds: parsePositiveInt(
      'SHUTDOWN_GRACE_SECONDS',
      env.SHUTDOWN_GRACE_SECONDS,
      base.shutdownGraceSeconds,
    ),
    workflowLeaseSeconds: parsePositiveInt(
      'WORKFLOW_LEASE_SECONDS',
      env.WORKFLOW_LEASE_SECONDS,
      base.workflowLeaseSeconds,
    ),
    allowPrivateUrls: parseBoolean(env.ALLOW_PRIVATE_URLS, false),
    allowedOrigins: policyFromEnv(env).allowedOrigins ?? [],
    remoteFetch: parseBoolean(env.REMOTE_FETCH, base.remoteFetch),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined,
    storageKeyHex: env.STORAGE_KEY || undefined,
    previousStorageKeyHex: env.STORAGE_KEY_PREVIOUS || undefined,
    downloadsRequireOwner: parseBoolean(env.DOWNLOADS_REQUIRE_OWNER, base.downloadsRequireOwner),
    downloadLinkMinutes: parsePositiveInt(
      'DOWNLOAD_LINK_MINUTES',
      env.DOWNLOAD_LINK_MINUTES,
      base.downloadLinkMinutes,
    ),
    rateLimitPerMinute: parsePositiveInt(
      'RATE_LIMIT_PER_MINUTE',
      env.RATE_LIMIT_PER_MINUTE,
      base.rateLimitPerMinute,
    ),
    signInAttemptsPerMinute: parsePositiveInt(
      'SIGN_IN_ATTEMPTS_PER_MINUTE',
      env.SIGN_IN_ATTEMPTS_PER_MINUTE,
      base.signInAttemptsPerMinute,
    ),
    corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
    cspConnectOrigins: parseCspConnectOrigins(env.CSP_CONNECT_ORIGINS),
    ...limitsFromEnv(env, base),
    ...engineSettingsFromEnv(env, base),
    ...clusterSettingsFromEnv(env),
    ...databaseSettingsFromEnv(env),
    logger: parseBoolean(env.LOG, true),
  };
}
