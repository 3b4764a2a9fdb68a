/**
 * Tokens and the sign-in site over real HTTP: generate-jwt / validate-token, forged tokens (another
 * key, alg none, HS256 with the public key, expired), the sign-up and sign-in forms through to
 * `?auth=<token>`, CSRF refusal and no open redirect.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hiddenFields, SignInBrowser } from '../testing/sign-in-browser';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const validate = async (token: string) =>
  (await (
    await fetch(`${server.apiUrl}/functions/validate-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, environment: 'production' }),
    })
  ).json()) as { valid: boolean; userData: { id: string; anonymous: boolean; email: string | null } | null };

/** An API call any valid token may make (workflows need an account): a small upload. */
const uploadWith = (token: string) =>
  fetch(`${server.apiUrl}/upload?filename=a.txt`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
    body: 'hello',
  });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('tokens', () => {
  it('generate-jwt gives each anonymous user its own subject; validate-token accepts it', async () => {
    const mint = async () =>
      (
        (await (
          await fetch(`${server.apiUrl}/functions/generate-jwt`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"environment":"production"}',
          })
        ).json()) as { token: string }
      ).token;
    const [a, b] = [await mint(), await mint()];
    const [va, vb] = [await validate(a), await validate(b)];
    expect(va.valid).toBe(true);
    expect(va.userData?.anonymous).toBe(true);
    expect(va.userData?.id).not.toBe(vb.userData?.id);
    const header = JSON.parse(Buffer.from(a.split('.')[0] ?? '', 'base64url').toString()) as {
      alg: string;
      kid: string;
    };
    expect(header.alg).toBe('EdDSA');
    expect(header.kid).toMatch(/\S{20,}/);
    expect((await validate('garbage')).valid).toBe(false);
  });

  it('refuses forged tokens: another key, alg none, HS256 with the public key, expired', async () => {
    const real = await server.anonymousToken();
    const [, payload] = real.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const stored = JSON.parse(await readFile(join(server.dataDir, 'keys', 'jwt.json'), 'utf8')) as {
      kid: string;
      privateJwk: JWK;
      publicJwk: JWK;
    };

    const otherKey = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const wrongKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: stored.kid })
      .sign(otherKey.privateKey);
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    const hmacSecret = new TextEncoder().encode(JSON.stringify(stored.publicJwk));
    const hs256 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', kid: stored.kid })
      .sign(hmacSecret);
    const serverKey = await importJWK(stored.privateJwk, 'EdDSA');
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 })
      .setProtectedHeader({ alg: 'EdDSA', kid: stored.kid })
      .sign(serverKey);

    for (const forged of [wrongKey, algNone, hs256]) {
      const response = await uploadWith(forged);
      expect(response.status).toBe(401);
      expect(((await response.json()) as { Code: number }).Code).toBe(4011);
      expect((await validate(forged)).valid).toBe(false);
    }
    const old = await uploadWith(expired);
    expect(old.status).toBe(401);
    expect(((await old.json()) as { Code: number }).Code).toBe(4012);
    expect((await uploadWith(real)).status).toBe(200);
  });

  it('refuses a token it accepted before, once the token has expired', async () => {
    const real = await server.anonymousToken();
    const claims = JSON.parse(Buffer.from(real.split('.')[1] ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const stored = JSON.parse(await readFile(join(server.dataDir, 'keys', 'jwt.json'), 'utf8')) as {
      kid: string;
      privateJwk: JWK;
    };
    const expiresAt = Math.floor(Date.now() / 1000) + 2;
    const shortLived = await new SignJWT({ ...claims, jti: `short-${expiresAt}`, exp: expiresAt })
      .setProtectedHeader({ alg: 'EdDSA', kid: stored.kid })
      .sign(await importJWK(stored.privateJwk, 'EdDSA'));
    expect((await uploadWith(shortLived)).status).toBe(200);
    expect((await uploadWith(shortLived)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, expiresAt * 1000 - Date.now() + 100));
    const late = await uploadWith(shortLived);
    expect(late.status).toBe(401);
    expect(((await late.json()) as { Code: number }).Code).toBe(4012);
  });
});

describe('sign-in site', () => {
  it('signs up, then signs in, and returns to the studio page with ?auth=<valid token>', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const page = await browser.get('/a/sign-up?returnUrl=/a/studio-login&ref=ca-studio&next=/pdf-merge');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Create your account');
    const signUp = await browser.post('/a/sign-up', {
      ...hiddenFields(html),
      email: 'Ada@Example.com',
      password: 'correct horse battery',
    });
    expect(signUp.status).toBe(303);
    expect(signUp.headers.get('location')).toBe('/a/studio-login?ref=ca-studio&next=%2Fpdf-merge');
    const landing = await browser.get(signUp.headers.get('location') ?? '');
    expect(landing.status).toBe(303);
    const target = new URL(landing.headers.get('location') ?? '', server.baseUrl);
    expect(target.origin).toBe(server.baseUrl);
    expect(target.pathname).toBe('/pdf-merge');
    const token = target.searchParams.get('auth') ?? '';
    const checked = await validate(token);
    expect(checked).toMatchObject({ valid: true, userData: { anonymous: false, email: 'ada@example.com' } });

    // A second browser signs in to the same account: same subject, and a wrong password is refused.
    const other = new SignInBrowser(server.baseUrl);
    const signInPage = await (await other.get('/a?returnUrl=/a/studio-login&ref=ca-studio')).text();
    const wrong = await other.post('/a/sign-in', {
      ...hiddenFields(signInPage),
      email: 'ada@example.com',
      password: 'nope nope',
    });
    expect(wrong.status).toBe(401);
    const retry = hiddenFields(await wrong.text());
    const right = await other.post('/a/sign-in', {
      ...retry,
      email: 'ada@example.com',
      password: 'correct horse battery',
    });
    expect(right.status).toBe(303);
    const back = await other.get(right.headers.get('location') ?? '');
    const second = new URL(back.headers.get('location') ?? '', server.baseUrl);
    expect(second.pathname).toBe('/');
    expect((await validate(second.searchParams.get('auth') ?? '')).userData?.id).toBe(checked.userData?.id);

    // Signing up twice with the same email is refused.
    const again = new SignInBrowser(server.baseUrl);
    const againPage = await (await again.get('/a/sign-up')).text();
    expect(
      (
        await again.post('/a/sign-up', {
          ...hiddenFields(againPage),
          email: 'ada@example.com',
          password: 'another password',
        })
      ).status,
    ).toBe(409);
  });

  it('refuses a form without the CSRF cookie or from another origin', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const html = await (await browser.get('/a')).text();
    const fields = hiddenFields(html);
    const crossSite = await browser.post(
      '/a/sign-up',
      { ...fields, email: 'eve@example.com', password: 'password123' },
      'https://evil.example',
    );
    expect(crossSite.status).toBe(403);
    const stranger = new SignInBrowser(server.baseUrl);
    const noCookie = await stranger.post('/a/sign-up', {
      ...fields,
      email: 'eve@example.com',
      password: 'password123',
    });
    expect(noCookie.status).toBe(403);
  });

  it('never redirects off-site', async () => {
    const browser = new SignInBrowser(server.baseUrl);
    const html = await (
      await browser.get('/a/sign-up?returnUrl=https://evil.example/x&next=//evil.example/y')
    ).text();
    const fields = hiddenFields(html);
    expect(fields.returnUrl).toBe('/a/studio-login');
    expect(fields.next).toBe('/');
    const signUp = await browser.post('/a/sign-up', {
      ...fields,
      returnUrl: '/\\evil.example',
      next: 'https://evil.example',
      email: 'mallory@example.com',
      password: 'password123',
    });
    expect(signUp.headers.get('location')).toBe('/a/studio-login?next=%2F');
    const landing = await browser.get('/a/studio-login?next=//evil.example/steal');
    expect(landing.headers.get('location')).toMatch(/^\/\?auth=/);
    const anonymous = await new SignInBrowser(server.baseUrl).get('/a/studio-login?ref=ca-studio');
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toMatch(/^\/a\?returnUrl=%2Fa%2Fstudio-login/);
  });
});
