/**
 * Signing in and out (spec part 1 section 4): the `?auth=` arrival flow, the logged-in check, the
 * token for conversion calls and logout. Every host API is passed in, nothing reads `window`.
 */
import { AuthError } from './auth.errors';
import { type FunctionsContext, generateJwt, revokeToken, validateToken } from './auth.functions';
import type { AuthConfig, HistoryLike, KeyValueStorage, LocationLike } from './auth.types';
import { defaultAuthConfig } from './environment.config';
import { conversionTokenKeys, TokenStorage, userTokenKeys } from './token.storage';

export interface AuthContext extends FunctionsContext {
  localStorage?: KeyValueStorage;
  sessionStorage?: KeyValueStorage;
  location?: LocationLike;
  history?: HistoryLike;
  config?: AuthConfig;
  now?: () => number;
  /** Where the spec's "console log only" goes. */
  logger?: Pick<Console, 'log'>;
}

export type AuthArrivalResult =
  | { status: 'none' }
  | { status: 'signed-in'; userData: unknown }
  | { status: 'rejected' }
  | { status: 'failed'; error: AuthError };

export const pendingAuthKey = (config: AuthConfig = defaultAuthConfig): string =>
  `${config.product}-pending-auth`;

const configOf = (context: AuthContext): AuthConfig => context.config ?? defaultAuthConfig;

export function userTokenStorage(context: AuthContext): TokenStorage {
  return new TokenStorage(context.localStorage, userTokenKeys(configOf(context)), context.now);
}

function safely(action: () => void): void {
  try {
    action();
  } catch {
    // Storage refusing a write must not break sign-in handling; the token simply is not kept.
  }
}

/** Logged in only while both token and expiry exist and the expiry is ahead; an expired token is removed. */
export function isLoggedIn(context: AuthContext): boolean {
  return userTokenStorage(context).isValid();
}

/** The signed-in user's token, or null. */
export function getUserToken(context: AuthContext): string | null {
  return userTokenStorage(context).read();
}

/**
 * The `?auth=` arrival: the token moves to the `{product}-pending-auth` session entry and out of the
 * address, is validated, and when valid is stored for 24 h and the page reloads. Invalid or failing
 * validation drops the pending token silently. A pending entry left by an interrupted validation
 * (the tab was reloaded mid-call) is resumed.
 */
export async function consumeAuthArrival(context: AuthContext): Promise<AuthArrivalResult> {
  const config = configOf(context);
  const key = pendingAuthKey(config);
  let token: string | null = null;
  if (context.location) {
    const url = new URL(context.location.href);
    if (url.searchParams.has('auth')) {
      token = url.searchParams.get('auth')?.trim() || null;
      url.searchParams.delete('auth');
      safely(() => context.history?.replaceState(null, '', `${url.pathname}${url.search}${url.hash}`));
      if (token) safely(() => context.sessionStorage?.setItem(key, token as string));
    }
  }
  if (!token) {
    try {
      token = context.sessionStorage?.getItem(key) ?? null;
    } catch {
      token = null;
    }
  }
  if (!token) return { status: 'none' };

  const validation = await validateToken(context, token);
  safely(() => context.sessionStorage?.removeItem(key));
  if (!validation.valid) {
    context.logger?.log('Token validation failed: the arriving token was dropped');
    return { status: 'rejected' };
  }
  try {
    userTokenStorage(context).save(token, config.tokenLifetimeMs);
  } catch (error) {
    return { status: 'failed', error: error instanceof AuthError ? error : new AuthError('saveFailed') };
  }
  context.location?.reload();
  return { status: 'signed-in', userData: validation.userData };
}

/**
 * The bearer token for conversion calls: the signed-in user's, else a stored generated one, else a
 * new one from generate-jwt (stored for 24 h). Throws AuthError with the spec's texts.
 */
export async function getConversionToken(context: AuthContext): Promise<string> {
  const config = configOf(context);
  const user = userTokenStorage(context).read();
  if (user) return user;
  const generatedStore = new TokenStorage(context.localStorage, conversionTokenKeys(config), context.now);
  const stored = generatedStore.read();
  if (stored) return stored;
  const token = await generateJwt(context);
  generatedStore.save(token, config.tokenLifetimeMs);
  return token;
}

function keysOf(storage: KeyValueStorage | undefined): string[] {
  if (!storage) return [];
  try {
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
    return keys;
  } catch {
    return [];
  }
}

/**
 * Logout: removes the token, its expiry, every local key with the `{product}_secure_` prefix and every
 * session key containing `{product}`, then navigates to '/'. Keys are collected before removal
 * because removing while indexing shifts the indexes.
 *
 * Before that, the stored tokens (the signed-in user's and the generated conversion token) are sent
 * to revoke-token so the server stops accepting them. That call is fire-and-forget: the local steps
 * and the navigation happen at once whatever the server does. The returned promise settles when the
 * server calls have ended and never rejects (for tests and for hosts that want to wait).
 */
export function logout(context: AuthContext): Promise<void> {
  const config = configOf(context);
  const keys = userTokenKeys(config);
  const tokens = [
    readQuietly(context.localStorage, keys.token),
    readQuietly(context.localStorage, conversionTokenKeys(config).token),
  ].filter((token): token is string => Boolean(token));
  const revoked = Promise.all(tokens.map((token) => revokeToken(context, token))).then(() => undefined);
  safely(() => context.localStorage?.removeItem(keys.token));
  safely(() => context.localStorage?.removeItem(keys.expiry));
  for (const key of keysOf(context.localStorage)) {
    if (key.startsWith(keys.prefix)) safely(() => context.localStorage?.removeItem(key));
  }
  for (const key of keysOf(context.sessionStorage)) {
    if (key.includes(config.product)) safely(() => context.sessionStorage?.removeItem(key));
  }
  context.location?.assign('/');
  return revoked;
}

function readQuietly(storage: KeyValueStorage | undefined, key: string): string | null {
  try {
    return storage?.getItem(key)?.trim() || null;
  } catch {
    return null;
  }
}
