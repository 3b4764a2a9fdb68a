/**
 * Rate limits over real HTTP: per token subject, per IP (X-Forwarded-For is trusted from the
 * loopback proxy of TRUST_PROXY here), per API key, on convert, upload, token minting and the sign-in
 * form, with 429, Retry-After and the contract's JSON error; and the bucket's refill pace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultConfig, loadConfigFromEnv } from '../config';
import { CORPUS_DIR } from '../testing/corpus';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';
import { RateLimiter } from './rate-limit';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    converters: pipelineConverters,
    rateLimitPerMinute: 3,
    apiKeyRateLimitPerMinute: 3,
    signInAttemptsPerMinute: 2,
    trustProxy: ['127.0.0.1', '::1'],
  });
});
afterAll(async () => {
  await server.close();
});

const newToken = async (ip: string): Promise<string> => {
  const answer = await fetch(`${server.apiUrl}/functions/generate-jwt`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ environment: 'production' }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { token: string }).token;
};

const convertFrom = (ip: string, token: string) =>
  server.convert('test/to/linearize', {}, [crazyones], { token, headers: { 'x-forwarded-for': ip } });

function expect429(answer: { status: number; headers: Headers; body: { Code?: number; Message?: string } }) {
  expect(answer.status).toBe(429);
  expect(answer.body.Code).toBe(4291);
  expect(answer.body.Message).toMatch(/Too many requests/);
  const retryAfter = Number(answer.headers.get('retry-after'));
  // 3 per minute refills one request every 20 s.
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(20);
}

describe('rate limits', () => {
  it('limits one subject even when it comes from several addresses', async () => {
    const token = await newToken('198.51.100.1');
    for (const ip of ['203.0.113.1', '203.0.113.2', '203.0.113.3']) {
      expect((await convertFrom(ip, token)).status).toBe(200);
    }
    expect429(await convertFrom('203.0.113.4', token));
    // Another subject from a fresh address is not affected.
    expect((await convertFrom('203.0.113.5', await newToken('198.51.100.2'))).status).toBe(200);
  });

  it('limits one address even with a new anonymous token each time, on convert and upload', async () => {
    const tokens = await Promise.all(['a', 'b', 'c', 'd'].map((_, i) => newToken(`198.51.100.${10 + i}`)));
    const ip = '203.0.113.50';
    expect((await convertFrom(ip, tokens[0] ?? '')).status).toBe(200);
    expect((await convertFrom(ip, tokens[1] ?? '')).status).toBe(200);
    const upload = await fetch(`${server.apiUrl}/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[2]}`,
        'x-forwarded-for': ip,
        'content-type': 'application/pdf',
        'content-disposition': "attachment; filename*=UTF-8''a.pdf",
      },
      body: '%PDF-1.4\n',
    });
    expect(upload.status).toBe(200);
    const refused = await fetch(`${server.apiUrl}/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens[3]}`,
        'x-forwarded-for': ip,
        'content-type': 'application/pdf',
        'content-disposition': "attachment; filename*=UTF-8''b.pdf",
      },
      body: '%PDF-1.4\n',
    });
    expect429({ status: refused.status, headers: refused.headers, body: await refused.json() });
  });

  it('limits minting anonymous tokens per address', async () => {
    const ip = '203.0.113.60';
    for (let i = 0; i < 3; i++) await newToken(ip);
    const refused = await fetch(`${server.apiUrl}/functions/generate-jwt`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify({ environment: 'production' }),
    });
    expect429({ status: refused.status, headers: refused.headers, body: await refused.json() });
  });

  it('slows down password guessing on the sign-in form', async () => {
    const attempt = () =>
      fetch(`${server.baseUrl}/a/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.70' },
        body: new URLSearchParams({ email: 'someone@example.com', password: 'guess-number-one' }).toString(),
      });
    // Without the CSRF cookie these are refused (403), but they still count as attempts.
    expect((await attempt()).status).toBe(403);
    expect((await attempt()).status).toBe(403);
    const refused = await attempt();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toMatch(/Too many attempts/);
  });
});

describe('API key limits', () => {
  const keyOf = async (on: TestServer, token: string, name: string): Promise<string> => {
    const made = await fetch(`${on.apiUrl}/account/keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ Name: name }),
    });
    expect(made.status).toBe(201);
    return String(((await made.json()) as { Key: string }).Key);
  };
  const uploadWith = (on: TestServer, key: string, ip: string) =>
    fetch(`${on.apiUrl}/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${key}`,
        'x-forwarded-for': ip,
        'content-type': 'application/pdf',
        'content-disposition': "attachment; filename*=UTF-8''batch.pdf",
      },
      body: '%PDF-1.4\n',
    });

  it('lets a script with an API key send 300 quick calls from one address (default key limit)', async () => {
    // Addresses and tokens keep 3 a minute here; the key has the default allowance.
    const batchServer = await startTestServer({ rateLimitPerMinute: 3, trustProxy: ['127.0.0.1', '::1'] });
    try {
      const key = await keyOf(batchServer, await batchServer.accountToken(), 'Nightly batch');
      const ip = '203.0.113.80';
      const statuses: number[] = [];
      for (let sent = 0; sent < 300; sent += 10) {
        const batch = await Promise.all(Array.from({ length: 10 }, () => uploadWith(batchServer, key, ip)));
        statuses.push(...batch.map((answer) => answer.status));
      }
      expect(statuses).toHaveLength(300);
      expect(statuses.filter((status) => status !== 200)).toEqual([]);
    } finally {
      await batchServer.close();
    }
  });

  it('refuses a key over its own bucket with 429 and Retry-After, and only that key', async () => {
    const token = await server.accountToken();
    const key = await keyOf(server, token, 'Busy script');
    const ip = '203.0.113.81';
    for (let i = 0; i < 3; i++) expect((await uploadWith(server, key, ip)).status).toBe(200);
    const refused = await uploadWith(server, key, ip);
    expect429({ status: refused.status, headers: refused.headers, body: await refused.json() });
    // Another key of the same account goes on, and the address's own allowance (anonymous and token
    // calls) was not spent by the key's calls.
    expect((await uploadWith(server, await keyOf(server, token, 'Other script'), ip)).status).toBe(200);
    expect((await convertFrom(ip, await newToken('198.51.100.91'))).status).toBe(200);
  });
});

describe('RateLimiter', () => {
  it('allows a burst of the per-minute figure, then one request per 60/N seconds', () => {
    let now = 0;
    const limiter = new RateLimiter(6, () => now);
    for (let i = 0; i < 6; i++) expect(limiter.take('k')).toBe(0);
    expect(limiter.take('k')).toBe(10);
    now += 9_000;
    expect(limiter.take('k')).toBe(1);
    now += 1_000;
    expect(limiter.take('k')).toBe(0);
    expect(limiter.take('other')).toBe(0);
  });
});

describe('rate limit settings', () => {
  it('defaults to 120 API requests and 10 sign-in attempts a minute, read from the environment', () => {
    expect(defaultConfig()).toMatchObject({
      rateLimitPerMinute: 120,
      apiKeyRateLimitPerMinute: 1200,
      signInAttemptsPerMinute: 10,
    });
    expect(loadConfigFromEnv({ API_KEY_RATE_LIMIT_PER_MINUTE: '600' }).apiKeyRateLimitPerMinute).toBe(600);
    expect(() => loadConfigFromEnv({ API_KEY_RATE_LIMIT_PER_MINUTE: 'lots' })).toThrow(
      /API_KEY_RATE_LIMIT_PER_MINUTE/,
    );
    const config = loadConfigFromEnv({ RATE_LIMIT_PER_MINUTE: '30', SIGN_IN_ATTEMPTS_PER_MINUTE: '5' });
    expect(config).toMatchObject({ rateLimitPerMinute: 30, signInAttemptsPerMinute: 5 });
    expect(() => loadConfigFromEnv({ RATE_LIMIT_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });
});
