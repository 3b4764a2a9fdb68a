/**
 * Sign-out ends the session over real HTTP: every token carries a unique `jti`; revoke-token (bearer)
 * and the sign-in site's sign-out put tokens on the deny list, after which the API answers 401 Code
 * 4013; tokens minted from a signed-out session die with it; the deny list outlives a restart (the
 * database is the source of truth); core's logout revokes what the studio holds; the sweeper drops rows.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAuthConfig, getConversionToken, logout, MemoryStorage, TokenStorage } from '@docstudio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenFields, SignInBrowser, signUp, studioToken } from '../testing/sign-in-browser';
import { startTestServer, type TestServer } from '../testing/test-server';
import { TOKEN_LIFETIME_SECONDS } from './tokens';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ sweepIntervalMs: 200 });
});
afterAll(async () => server.close());

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
    jti?: string;
    sid?: string;
    exp: number;
  };

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** An authenticated API call any valid token may make (workflows need an account): a small upload. */
const authenticatedCall = (token: string) =>
  fetch(`${server.apiUrl}/upload?filename=a.txt`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-type': 'text/plain' },
    body: 'hello',
  });

const revoke = (headers: Record<string, string>) =>
  fetch(`${server.apiUrl}/functions/revoke-token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: '{}',
  });

const mintAnonymous = async () =>
  (
    (await (await fetch(`${server.apiUrl}/functions/generate-jwt`, { method: 'POST' })).json()) as {
      token: string;
    }
  ).token;

const validate = async (token: string) =>
  (
    (await (
      await fetch(`${server.apiUrl}/functions/validate-token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ token }),
      })
    ).json()) as { valid: boolean }
  ).valid;

async function expectRevoked(token: string): Promise<void> {
  const answer = await authenticatedCall(token);
  expect(answer.status).toBe(401);
  expect(await answer.json()).toEqual({ Code: 4013, Message: 'The access token has been revoked.' });
  expect(await validate(token)).toBe(false);
}

const revokedRows = () =>
  server.app.docstudio.db
    .withTables<{ revoked_tokens: { id: string; expires_at: string } }>()
    .selectFrom('revoked_tokens')
    .selectAll()
    .execute();

describe('token ids', () => {
  it('every issued token has its own jti: anonymous, session cookie and studio tokens', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const studio = await signUp(browser, server.baseUrl, 'ids@example.com', 'ids password 1');
    const session = decodeURIComponent(browser.cookie('ds_session') ?? '');
    const tokens = [await mintAnonymous(), await mintAnonymous(), session, studio];
    const ids = tokens.map((token) => claimsOf(token).jti);
    for (const id of ids) expect(id).toMatch(/^[\w-]{24}$/);
    expect(new Set(ids).size).toBe(tokens.length);
    // The studio token names the session it was minted from; the others belong to no session.
    expect(claimsOf(studio).sid).toBe(claimsOf(session).jti);
    expect(claimsOf(session).sid).toBeUndefined();
  });
});

describe('POST /api/functions/revoke-token', () => {
  it('signs the bearer token out: 401 Code 4013 afterwards, other tokens unaffected', async () => {
    const [token, other] = [await mintAnonymous(), await mintAnonymous()];
    expect((await authenticatedCall(token)).status).toBe(200);
    const answer = await revoke(bearer(token));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ revoked: true });
    await expectRevoked(token);
    expect((await authenticatedCall(other)).status).toBe(200);
    // Uploads, downloads with a bearer and conversions refuse it as well.
    const upload = await fetch(`${server.apiUrl}/upload`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-disposition': "attachment; filename*=UTF-8''a.txt" },
      body: 'hello',
    });
    expect(upload.status).toBe(401);
    expect(((await upload.json()) as { Code: number }).Code).toBe(4013);
  });

  it('is idempotent, and refuses a missing or invalid bearer with the usual codes', async () => {
    const token = await mintAnonymous();
    expect((await revoke(bearer(token))).status).toBe(200);
    expect((await revoke(bearer(token))).status).toBe(200);
    const none = await revoke({});
    expect(none.status).toBe(401);
    expect(((await none.json()) as { Code: number }).Code).toBe(4010);
    const garbage = await revoke(bearer('not.a.token'));
    expect(garbage.status).toBe(401);
    expect(((await garbage.json()) as { Code: number }).Code).toBe(4011);
  });

  it('keeps the row until one token lifetime after the token would expire', async () => {
    const token = await mintAnonymous();
    await revoke(bearer(token));
    const { jti, exp } = claimsOf(token);
    const row = (await revokedRows()).find((r) => r.id === jti);
    expect(Date.parse(row?.expires_at ?? '')).toBe((exp + TOKEN_LIFETIME_SECONDS) * 1000);
  });

  it("a studio token's revocation ends its sign-in session: the cookie mints no new token", async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const studio = await signUp(browser, server.baseUrl, 'studio-out@example.com', 'studio password 1');
    const sibling = await studioToken(browser, server.baseUrl);
    await revoke(bearer(studio));
    await expectRevoked(studio);
    await expectRevoked(sibling);
    const again = await browser.get('/a/studio-login?next=/pdf-merge');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toMatch(/^\/a\?returnUrl=%2Fa%2Fstudio-login/);
  });
});

describe('the sign-in site sign-out', () => {
  it('revokes the session and every studio token minted from it, also for a copied cookie', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const studio = await signUp(browser, server.baseUrl, 'site-out@example.com', 'site password 1');
    const session = browser.cookie('ds_session') ?? '';
    const copy = new SignInBrowser(server.baseUrl);
    copy.setCookie('ds_session', session);
    expect((await authenticatedCall(studio)).status).toBe(200);

    const out = await browser.post('/a/sign-out', {});
    expect(out.status).toBe(303);
    expect(out.headers.get('location')).toBe('/');
    expect(browser.cookie('ds_session')).toBeUndefined();
    await expectRevoked(studio);
    await expectRevoked(decodeURIComponent(session));
    const stolen = await copy.get('/a/studio-login');
    expect(stolen.headers.get('location')).toMatch(/^\/a\?returnUrl=/);

    // Signing in again gives a working session and token.
    const page = await browser.get('/a');
    await browser.post('/a/sign-in', {
      ...hiddenFields(await page.text()),
      email: 'site-out@example.com',
      password: 'site password 1',
    });
    expect((await authenticatedCall(await studioToken(browser, server.baseUrl))).status).toBe(200);
  });
});

describe("core's logout against this server", () => {
  it('revokes the user token and the generated conversion token, without waiting for them', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const user = await signUp(browser, server.baseUrl, 'core-out@example.com', 'core password 1');
    const local = new MemoryStorage();
    const assigned: string[] = [];
    const context = {
      environment: { name: 'production' as const, apiUrl: server.apiUrl, authBaseUrl: '' },
      config: createAuthConfig(),
      localStorage: local,
      sessionStorage: new MemoryStorage(),
      location: {
        href: `${server.baseUrl}/`,
        hostname: '127.0.0.1',
        assign: (url: string) => assigned.push(url),
        reload() {},
      },
    };
    // The token generated while still a visitor stays stored beside the user's after sign-in.
    const generated = await getConversionToken(context);
    new TokenStorage(local).save(user);
    expect((await authenticatedCall(generated)).status).toBe(200);

    const done = logout(context);
    // The local steps and the navigation do not wait for the server.
    expect(assigned).toEqual(['/']);
    expect(local.getItem('docstudio_secure_token')).toBeNull();
    await done;
    await expectRevoked(user);
    await expectRevoked(generated);
    const again = await browser.get('/a/studio-login');
    expect(again.headers.get('location')).toMatch(/^\/a\?returnUrl=/);
  });
});

describe('the deny list', () => {
  it('outlives a restart: the database, not the cache, is the source of truth', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-revocation-'));
    const first = await startTestServer({ dataDir });
    const token = await (await fetch(`${first.apiUrl}/functions/generate-jwt`, { method: 'POST' })).json();
    const value = (token as { token: string }).token;
    await fetch(`${first.apiUrl}/functions/revoke-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(value) },
      body: '{}',
    });
    await first.app.close();
    const second = await startTestServer({ dataDir });
    try {
      const answer = await fetch(`${second.apiUrl}/workflows/get-all`, { headers: bearer(value) });
      expect(answer.status).toBe(401);
      expect(((await answer.json()) as { Code: number }).Code).toBe(4013);
    } finally {
      await second.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('the sweeper drops rows whose tokens can no longer be valid, and keeps the others', async () => {
    const revocations = server.app.docstudio.tokens.revocations;
    await revocations.revoke(['stale-id-000000000000000'], Date.now() - 1000);
    await revocations.revoke(['fresh-id-000000000000000'], Date.now() + 60_000);
    const deadline = Date.now() + 5000;
    while ((await revokedRows()).some((row) => row.id.startsWith('stale-')) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ids = (await revokedRows()).map((row) => row.id);
    expect(ids).not.toContain('stale-id-000000000000000');
    expect(ids).toContain('fresh-id-000000000000000');
  });
});
