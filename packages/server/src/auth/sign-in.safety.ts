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

/** Longer return targets are refused: no studio page needs one, and it bounds the page and the log. */
const MAX_TARGET_LENGTH = 2000;

/**
 * A return target of this site as `pathname+search+hash`, or undefined when it is not one. The value
 * is resolved against the site's origin by the WHATWG URL parser (the one browsers use), so every
 * form a browser would normalise (`//`, `\`, `/\`, `%2e` dot segments, `/a/..//`, schemes such as
 * `javascript:` and `data:`, absolute URLs of other hosts) is judged on where a browser would
 * really go. Refused as well, because no studio page needs them and a later decoding or
 * normalisation could turn them into a separator: userinfo (`@`), control characters (browsers
 * strip tabs and newlines), raw backslashes, and any percent-escape in the path (encoded or doubly
 * encoded slashes, dots and backslashes, and lookalike characters such as U+2215 or U+FF0F, which the
 * parser percent-encodes). The path may not start with `//`: emitted, it would name another host.
 * Only the parsed URL's path, query and hash are returned, and only when they read back as the same
 * URL, so nothing is left for a second parse to reinterpret.
 */
export function safeReturnPath(value: unknown, siteOrigin: string): string | undefined {
  if (typeof value !== 'string' || value === '' || value.length > MAX_TARGET_LENGTH) return undefined;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return undefined;
  const base = `${siteOrigin}/`;
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return undefined;
  }
  if (url.origin !== siteOrigin || url.username !== '' || url.password !== '') return undefined;
  const { pathname } = url;
  if (!pathname.startsWith('/') || pathname.startsWith('//') || pathname.includes('%')) return undefined;
  const path = `${pathname}${url.search}${url.hash}`;
  return new URL(path, base).href === url.href ? path : undefined;
}

/** Adds `auth=<token>` to a same-origin studio path. */
export function withAuthParameter(path: string, token: string): string {
  const url = new URL(path, 'http://docstudio.invalid');
  url.searchParams.set('auth', token);
  return `${url.pathname}${url.search}${url.hash}`;
}
