import { describe, expect, it } from 'vitest';
import { loadConfigFromEnv } from './config-from-env';

const shared = { DATABASE_URL: 'postgres://db/docstudio', STORAGE_KEY: 'a'.repeat(64) };

describe('REDIS_URL and ROLE', () => {
  it('defaults to one process doing everything, without Redis', () => {
    expect(loadConfigFromEnv({})).toMatchObject({ role: 'all', redisUrl: undefined });
  });

  it('reads a Redis URL and a role', () => {
    const config = loadConfigFromEnv({ ...shared, REDIS_URL: 'redis://cache:6379', ROLE: 'Worker' });
    expect(config).toMatchObject({ role: 'worker', redisUrl: 'redis://cache:6379' });
  });

  it('reads the key prefix of the cluster in Redis, docstudio by default', () => {
    expect(loadConfigFromEnv({}).redisKeyPrefix).toBe('docstudio');
    expect(loadConfigFromEnv({ REDIS_KEY_PREFIX: 'hospital-a' }).redisKeyPrefix).toBe('hospital-a');
    expect(() => loadConfigFromEnv({ REDIS_KEY_PREFIX: 'a:b' })).toThrow(/REDIS_KEY_PREFIX must be/);
    expect(() => loadConfigFromEnv({ REDIS_KEY_PREFIX: 'x'.repeat(65) })).toThrow(/REDIS_KEY_PREFIX must be/);
  });

  it('refuses a role or URL it does not know, and a split role without Redis or PostgreSQL', () => {
    expect(() => loadConfigFromEnv({ ROLE: 'scheduler' })).toThrow(/ROLE must be api, worker or all/);
    expect(() => loadConfigFromEnv({ REDIS_URL: 'http://cache:6379' })).toThrow(/REDIS_URL must be/);
    expect(() => loadConfigFromEnv({ ...shared, ROLE: 'api' })).toThrow(/ROLE=api needs REDIS_URL/);
    expect(() => loadConfigFromEnv({ REDIS_URL: 'redis://cache:6379', ROLE: 'worker' })).toThrow(
      /ROLE=worker needs DATABASE_URL/,
    );
  });
});
