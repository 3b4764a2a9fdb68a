import fc from 'fast-check';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useFakeProvider } from '../api/fake-provider.hooks';
import type { FakeProvider } from '../api/fake-provider.server';
import {
  type AuthContext,
  AuthError,
  browserAuthContext,
  consumeAuthArrival,
  createAuthConfig,
  genericSignInUrl,
  getConversionToken,
  isLoggedIn,
  logout,
  MemoryStorage,
  resolveEnvironment,
  revokeToken,
  setEnvironmentOverride,
  signInUrl,
  signUpUrl,
  TokenStorage,
} from './index';

const DAY = 24 * 60 * 60 * 1000;

class RecordingLocation {
  assigned: string[] = [];
  reloads = 0;
  constructor(public href: string) {}
  get hostname() {
    return new URL(this.href).hostname;
  }
  assign(url: string) {
    this.assigned.push(url);
  }
  reload() {
    this.reloads++;
  }
}

let provider: FakeProvider;
useFakeProvider((started) => {
  provider = started;
});

function makeContext(href = 'https://studio.example/tools?x=1&auth=good-token#top') {
  const local = new MemoryStorage();
  const session = new MemoryStorage();
  const location = new RecordingLocation(href);
  const replaced: string[] = [];
  let clock = 1_700_000_000_000;
  const context: AuthContext = {
    environment: { name: 'production', apiUrl: provider.url, authBaseUrl: '' },
    localStorage: local,
    sessionStorage: session,
    location,
    history: { replaceState: (_d, _u, url) => replaced.push(String(url)) },
    now: () => clock,
    logger: { log: vi.fn() },
  };
  return { context, local, session, location, replaced, advance: (ms: number) => (clock += ms) };
}

beforeEach(() => {
  provider.acceptTokens(['good-token']);
});

describe('environment resolution', () => {
  const hosted = createAuthConfig({
    providerDomain: 'provider.com',
    previewHostname: 'studio-preview.host.app',
    environments: {
      production: {
        name: 'production',
        apiUrl: 'https://v2.provider.com',
        authBaseUrl: 'https://www.provider.com',
      },
      staging: {
        name: 'staging',
        apiUrl: 'https://staging-api.provider.com',
        authBaseUrl: 'https://staging.provider.com',
      },
    },
  });

  it('uses the hostname: provider domain or the preview host is production, anything else staging', () => {
    expect(resolveEnvironment({ hostname: 'studio.provider.com' }, hosted).name).toBe('production');
    expect(resolveEnvironment({ hostname: 'studio-preview.host.app' }, hosted).name).toBe('production');
    expect(resolveEnvironment({ hostname: 'other-preview.host.app' }, hosted).name).toBe('staging');
    expect(resolveEnvironment({ hostname: 'localhost' }, hosted).apiUrl).toBe(
      'https://staging-api.provider.com',
    );
  });

  it('a stored override wins; a junk override is ignored', () => {
    const storage = new MemoryStorage();
    storage.setItem('docstudio-environment', 'staging');
    expect(resolveEnvironment({ storage, hostname: 'studio.provider.com' }, hosted).name).toBe('staging');
    storage.setItem('docstudio-environment', 'prod');
    expect(resolveEnvironment({ storage, hostname: 'studio.provider.com' }, hosted).name).toBe('production');
  });

  it('the override can be set and cleared; a storage that refuses writes reports false', () => {
    const storage = new MemoryStorage();
    expect(setEnvironmentOverride(storage, 'staging', hosted)).toBe(true);
    expect(resolveEnvironment({ storage, hostname: 'studio.provider.com' }, hosted).name).toBe('staging');
    setEnvironmentOverride(storage, null, hosted);
    expect(storage.length).toBe(0);
    const refusing = Object.assign(new MemoryStorage(), {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    });
    expect(setEnvironmentOverride(refusing, 'production', hosted)).toBe(false);
  });

  it('is SSR-safe: no browser context in Node, and importing touched no window', () => {
    expect(typeof (globalThis as { window?: unknown }).window).toBe('undefined');
    expect(browserAuthContext()).toBeUndefined();
  });

  it('self-hosted defaults: one production environment at /api on the same origin, even with no window', () => {
    expect(resolveEnvironment({ hostname: 'localhost' })).toEqual({
      name: 'production',
      apiUrl: '/api',
      authBaseUrl: '',
    });
    expect(resolveEnvironment().name).toBe('production');
  });
});

describe('links', () => {
  const env = { name: 'production' as const, apiUrl: '/api', authBaseUrl: 'https://www.provider.com/' };
  it('builds the spec sign-in, generic sign-in and sign-up links', () => {
    expect(signInUrl(env)).toBe('https://www.provider.com/a?returnUrl=/a/studio-login&ref=ca-studio');
    expect(genericSignInUrl(env)).toBe('https://www.provider.com/a?ref=ca-studio');
    expect(signUpUrl(env)).toBe('https://www.provider.com/a/sign-up?ref=ca-studio&returnUrl=/a/studio-login');
    expect(signInUrl({ ...env, authBaseUrl: '' })).toBe('/a?returnUrl=/a/studio-login&ref=ca-studio');
  });
});

describe('token storage', () => {
  it('stores the token with a 24 h expiry and removes it once expired', () => {
    const { context, local, advance } = makeContext();
    const store = new TokenStorage(local, undefined, context.now);
    store.save('abc');
    expect(local.getItem('docstudio_secure_token')).toBe('abc');
    expect(Number(local.getItem('docstudio_secure_token_expiry'))).toBe(context.now!() + DAY);
    expect(isLoggedIn(context)).toBe(true);
    advance(DAY - 1);
    expect(isLoggedIn(context)).toBe(true);
    advance(1);
    expect(isLoggedIn(context)).toBe(false);
    expect(local.getItem('docstudio_secure_token')).toBeNull();
    expect(local.getItem('docstudio_secure_token_expiry')).toBeNull();
  });

  it('a token without expiry, or with a junk expiry, is not a login', () => {
    fc.assert(
      fc.property(fc.option(fc.string(), { nil: null }), (expiry) => {
        const { context, local } = makeContext();
        local.setItem('docstudio_secure_token', 't');
        if (expiry !== null) local.setItem('docstudio_secure_token_expiry', expiry);
        const n = Number(expiry);
        const shouldBeValid =
          expiry !== null && expiry.trim() !== '' && Number.isFinite(n) && n > context.now!();
        expect(isLoggedIn(context)).toBe(shouldBeValid);
      }),
    );
  });

  it('storage that throws reads as signed out and a failed save is the spec text', () => {
    const broken = {
      length: 0,
      key: () => null,
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    const store = new TokenStorage(broken);
    expect(store.read()).toBeNull();
    expect(() => store.save('x')).toThrow(new AuthError('saveFailed'));
    expect(() => store.save('x')).toThrow('Unable to save authentication data');
  });
});

describe('the ?auth= arrival flow', () => {
  it('moves the token out of the address, validates it, stores it for 24 h and reloads', async () => {
    const { context, local, session, location, replaced } = makeContext();
    const result = await consumeAuthArrival(context);
    expect(replaced).toEqual(['/tools?x=1#top']);
    expect(result).toEqual({ status: 'signed-in', userData: { email: 'user@example.com' } });
    const validate = provider.requests.find((r) => r.path === '/functions/validate-token');
    expect(validate?.json).toEqual({ token: 'good-token', environment: 'production' });
    expect(local.getItem('docstudio_secure_token')).toBe('good-token');
    expect(Number(local.getItem('docstudio_secure_token_expiry'))).toBe(context.now!() + DAY);
    expect(session.getItem('docstudio-pending-auth')).toBeNull();
    expect(location.reloads).toBe(1);
  });

  it('an invalid token is dropped silently with a console log only', async () => {
    const { context, local, session, location } = makeContext('https://s.example/?auth=forged');
    expect(await consumeAuthArrival(context)).toEqual({ status: 'rejected' });
    expect(local.length).toBe(0);
    expect(session.getItem('docstudio-pending-auth')).toBeNull();
    expect(location.reloads).toBe(0);
    expect(context.logger!.log).toHaveBeenCalledOnce();
  });

  it('a failing validation service (500, malformed body, unreachable) also drops the token', async () => {
    provider.answerNext('/functions/validate-token', { status: 500, body: '' });
    const first = makeContext();
    expect((await consumeAuthArrival(first.context)).status).toBe('rejected');
    provider.answerNext('/functions/validate-token', { status: 200, body: '{"valid": tr' });
    const second = makeContext();
    expect((await consumeAuthArrival(second.context)).status).toBe('rejected');
    const third = makeContext();
    third.context.environment = { name: 'production', apiUrl: 'http://127.0.0.1:9', authBaseUrl: '' };
    expect((await consumeAuthArrival(third.context)).status).toBe('rejected');
    for (const { session, local } of [first, second, third]) {
      expect(session.getItem('docstudio-pending-auth')).toBeNull();
      expect(local.length).toBe(0);
    }
  });

  it('resumes a pending token left by an interrupted validation; no token means nothing happens', async () => {
    const { context, session, local } = makeContext('https://s.example/');
    expect(await consumeAuthArrival(context)).toEqual({ status: 'none' });
    expect(provider.requests).toHaveLength(0);
    session.setItem('docstudio-pending-auth', 'good-token');
    expect((await consumeAuthArrival(context)).status).toBe('signed-in');
    expect(local.getItem('docstudio_secure_token')).toBe('good-token');
  });
});

describe('token for conversions', () => {
  it('uses the stored user token without calling generate-jwt', async () => {
    const { context, local } = makeContext();
    new TokenStorage(local, undefined, context.now).save('user-token');
    expect(await getConversionToken(context)).toBe('user-token');
    expect(provider.requests).toHaveLength(0);
  });

  it('otherwise generates one with {environment}, stores it, and reuses it; a visitor stays signed out', async () => {
    const { context } = makeContext();
    context.environment = { ...context.environment, name: 'staging' };
    expect(await getConversionToken(context)).toBe('generated-staging');
    expect(await getConversionToken(context)).toBe('generated-staging');
    expect(provider.requests.filter((r) => r.path === '/functions/generate-jwt')).toHaveLength(1);
    expect(provider.requests[0]!.json).toEqual({ environment: 'staging' });
    expect(isLoggedIn(context)).toBe(false);
  });

  it('gives the spec texts when generate-jwt fails', async () => {
    provider.answerNext('/functions/generate-jwt', { status: 500, body: '{"error":"boom"}' });
    await expect(getConversionToken(makeContext().context)).rejects.toThrow(
      'Authentication service unavailable',
    );
    provider.answerNext('/functions/generate-jwt', { status: 200, body: '{"token": ""}' });
    await expect(getConversionToken(makeContext().context)).rejects.toThrow(
      'Unable to authenticate. Please try again.',
    );
    const offline = makeContext().context;
    offline.environment = { name: 'production', apiUrl: 'http://127.0.0.1:9', authBaseUrl: '' };
    await expect(getConversionToken(offline)).rejects.toBeInstanceOf(AuthError);
  });
});

describe('logout', () => {
  it('removes the token, every docstudio_secure_ key and every session key containing docstudio, then goes to /', async () => {
    const { context, local, session, location } = makeContext();
    local.setItem('docstudio_secure_token', 't');
    local.setItem('docstudio_secure_token_expiry', '9');
    local.setItem('docstudio_secure_conversion_token', 'g');
    local.setItem('docstudio_secure_other', 'x');
    local.setItem('docstudio-environment', 'staging');
    local.setItem('unrelated', 'keep');
    session.setItem('docstudio-pending-auth', 'p');
    session.setItem('my-docstudio-draft', 'd');
    session.setItem('other', 'keep');
    const revoked = logout(context);
    expect([...Array(local.length).keys()].map((i) => local.key(i)).sort()).toEqual([
      'docstudio-environment',
      'unrelated',
    ]);
    expect([...Array(session.length).keys()].map((i) => session.key(i))).toEqual(['other']);
    expect(location.assigned).toEqual(['/']);
    await revoked;
  });

  const revocations = () =>
    provider.requests
      .filter((r) => r.path === '/functions/revoke-token')
      .map((r) => ({ method: r.method, authorization: r.headers.authorization, json: r.json }))
      .sort((a, b) => String(a.authorization).localeCompare(String(b.authorization)));

  it('asks the server to revoke the user token and the generated token, without waiting for it', async () => {
    const { context, local, location } = makeContext();
    local.setItem('docstudio_secure_token', 'user-token');
    local.setItem('docstudio_secure_token_expiry', String(context.now!() + DAY));
    local.setItem('docstudio_secure_conversion_token', 'generated-token');
    const revoked = logout(context);
    // The spec's steps are done before the server has answered.
    expect(location.assigned).toEqual(['/']);
    expect(local.length).toBe(0);
    expect(isLoggedIn(context)).toBe(false);
    await expect(revoked).resolves.toBeUndefined();
    // The token travels in the Authorization header only, never in the address or the body.
    expect(revocations()).toEqual([
      { method: 'POST', authorization: 'Bearer generated-token', json: {} },
      { method: 'POST', authorization: 'Bearer user-token', json: {} },
    ]);
  });

  it('a failing or unreachable server never blocks or breaks logout', async () => {
    provider.answerNext('/functions/revoke-token', { status: 500, body: '{"Code":5001}' });
    const failing = makeContext();
    failing.local.setItem('docstudio_secure_token', 'user-token');
    await expect(logout(failing.context)).resolves.toBeUndefined();
    expect(failing.location.assigned).toEqual(['/']);
    expect(failing.local.length).toBe(0);

    const offline = makeContext();
    offline.context.environment = { name: 'production', apiUrl: 'http://127.0.0.1:9', authBaseUrl: '' };
    offline.local.setItem('docstudio_secure_token', 'user-token');
    const revoked = logout(offline.context);
    expect(offline.location.assigned).toEqual(['/']);
    expect(offline.local.length).toBe(0);
    await expect(revoked).resolves.toBeUndefined();
  });

  it('without a stored token it calls no server', async () => {
    const { context, location } = makeContext();
    await logout(context);
    expect(location.assigned).toEqual(['/']);
    expect(provider.requests).toHaveLength(0);
  });

  it('revokeToken reports whether the server confirmed, and never throws', async () => {
    const { context } = makeContext();
    provider.answerNext('/functions/revoke-token', { status: 200, body: '{"revoked":true}' });
    expect(await revokeToken(context, 'user-token')).toBe(true);
    expect(await revokeToken(context, 'user-token')).toBe(false);
    context.environment = { name: 'production', apiUrl: 'http://127.0.0.1:9', authBaseUrl: '' };
    expect(await revokeToken(context, 'user-token')).toBe(false);
  });
});
