/** Cookies, CSRF tokens and return targets of the sign-in site: nothing here may redirect off-site. */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export function readCookies(request: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const pair of (request.headers.cookie ?? '').split(';')) {
    const eq = pair.indexOf('=');
    if (eq <= 0) continue;
    const name = pair.slice(0, eq).trim();
    try {
      out[name] = decodeURIComponent(pair.slice(eq + 1).trim());
    } catch {
      // ignore malformed cookies
    }
  }
  return out;
}

export function cookie(
  name: string,
  value: string,
  options: { maxAgeSeconds: number; sameSite: 'Strict' | 'Lax'; secure: boolean },
) {
  return [
    `${name}=${encodeURIComponent(value)}`,
    'Path=/a',
    'HttpOnly',
    `SameSite=${options.sameSite}`,
    `Max-Age=${options.maxAgeSeconds}`,
    ...(options.secure ? ['Secure'] : []),
  ].join('; ');
}

export const newCsrfToken = (): string => randomBytes(24).toString('base64url');

export function csrfMatches(fromCookie: string | undefined, fromForm: unknown): boolean {
  if (!fromCookie || typeof fromForm !== 'string') return false;
  const a = Buffer.from(fromCookie);
  const b = Buffer.from(fromForm);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A browser's Origin (or Referer) must be this site's; absent means a non-browser client (allowed with the token). */
export function sameOriginPost(request: FastifyRequest): boolean {
  const origin = request.headers.origin ?? request.headers.referer;
  if (!origin || origin === 'null') return origin === undefined;
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

/**
 * A same-origin path (with query and hash) or undefined: absolute URLs, protocol-relative '//host',
 * backslash tricks and control characters are all refused, so no redirect can leave the site.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (
    typeof value !== 'string' ||
    !value.startsWith('/') ||
    value.startsWith('//') ||
    value.startsWith('/\\')
  )
    return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u001f\\]/.test(value) || value.length > 2000) return undefined;
  const base = 'http://docstudio.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
  } catch {
    return undefined;
  }
}

/** Adds `auth=<token>` to a same-origin studio path. */
export function withAuthParameter(path: string, token: string): string {
  const url = new URL(path, 'http://docstudio.invalid');
  url.searchParams.set('auth', token);
  return `${url.pathname}${url.search}${url.hash}`;
}
