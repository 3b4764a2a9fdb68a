/**
 * X-Forwarded-For is believed only from TRUST_PROXY's addresses: a client rotating the header gets
 * no extra sign-in attempts, while behind a trusted proxy every client has its own allowance. Forged
 * bearer tokens are limited per address. And TRUST_PROXY's parsing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFromEnv } from '../config';
import { startTestServer, type TestServer } from '../testing/test-server';

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  // PUBLIC_URL alone no longer makes the server trust forwarded headers.
  direct = await startTestServer({
    signInAttemptsPerMinute: 3,
    invalidTokensPerMinute: 3,
    publicUrl: 'http://docs.example.test',
  });
  proxied = await startTestServer({
    signInAttemptsPerMinute: 3,
    invalidTokensPerMinute: 3,
    trustProxy: ['127.0.0.1', '::1'],
  });
});
afterAll(async () => {
  await Promise.all([direct.close(), proxied.close()]);
});

const signInAttempt = (server: TestServer, forwardedFor: string) =>
  fetch(`${server.baseUrl}/a/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': forwardedFor },
    body: new URLSearchParams({ email: 'victim@example.com', password: 'guess' }).toString(),
  });

const withForgedToken = (server: TestServer, forwardedFor: string) =>
  fetch(`${server.apiUrl}/convert/pdf/to/rotate`, {
    method: 'POST',
    headers: {
      authorization: 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      'x-forwarded-for': forwardedFor,
    },
  });

describe('proxy trust', () => {
  it('ignores X-Forwarded-For from an untrusted peer: rotating it gives no extra sign-in attempts', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) statuses.push((await signInAttempt(direct, `198.51.100.${i}`)).status);
    // Three attempts a minute for the one real address (refused 403 without CSRF, but counted), then 429.
    expect(statuses).toEqual([403, 403, 403, 429, 429, 429]);
  });

  it('uses the client address from a trusted proxy: each client has its own allowance', async () => {
    for (let i = 1; i <= 3; i++) expect((await signInAttempt(proxied, '203.0.113.7')).status).toBe(403);
    expect((await signInAttempt(proxied, '203.0.113.7')).status).toBe(429);
    expect((await signInAttempt(proxied, '203.0.113.8')).status).toBe(403);
  });

  it('limits forged bearer tokens per address with 429, Retry-After and the JSON error', async () => {
    for (let i = 0; i < 3; i++) expect((await withForgedToken(proxied, '203.0.113.20')).status).toBe(401);
    const refused = await withForgedToken(proxied, '203.0.113.20');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(await refused.json()).toMatchObject({
      Code: 4291,
      Message: expect.stringMatching(/Too many requests/),
    });
    // Another client behind the same proxy is still told its token is invalid.
    expect((await withForgedToken(proxied, '203.0.113.21')).status).toBe(401);
    // Rotating X-Forwarded-For without a trusted proxy does not reset the count.
    for (let i = 0; i < 3; i++) await withForgedToken(direct, `198.51.100.${30 + i}`);
    expect((await withForgedToken(direct, '198.51.100.99')).status).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('is off by default and takes addresses and CIDRs, refusing anything else', () => {
    expect(loadConfigFromEnv({}).trustProxy).toEqual([]);
    expect(loadConfigFromEnv({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.0.2.1',
      '::1',
    ]);
    expect(() => loadConfigFromEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfigFromEnv({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });
});
