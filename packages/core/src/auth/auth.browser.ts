/**
 * The browser's own objects as an AuthContext, read lazily when called (never at import time), so
 * importing core during server-side rendering touches no `window`. Returns undefined outside browsers.
 */
import type { AuthContext } from './auth.session';
import type { AuthConfig, Environment, KeyValueStorage } from './auth.types';
import { defaultAuthConfig, resolveEnvironment } from './environment.config';

function storageOrUndefined(read: () => Storage): KeyValueStorage | undefined {
  try {
    return read();
  } catch {
    // Access to storage throws when cookies are blocked; auth then behaves as signed out.
    return undefined;
  }
}

export function browserAuthContext(
  options: { config?: AuthConfig; environment?: Environment; functionHeaders?: Record<string, string> } = {},
): AuthContext | undefined {
  if (typeof window === 'undefined' || typeof document === 'undefined') return undefined;
  const config = options.config ?? defaultAuthConfig;
  const localStorage = storageOrUndefined(() => window.localStorage);
  const environment =
    options.environment ??
    resolveEnvironment({ storage: localStorage, hostname: window.location.hostname }, config);
  return {
    environment,
    config,
    localStorage,
    sessionStorage: storageOrUndefined(() => window.sessionStorage),
    location: window.location,
    history: window.history,
    fetch: (input, init) => window.fetch(input, init),
    logger: console,
    ...(options.functionHeaders ? { functionHeaders: options.functionHeaders } : {}),
  };
}
