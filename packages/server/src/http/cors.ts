/**
 * CORS for partner pages that embed one element from another origin.
 *
 * The element files under `/elements/` are public code: every origin may load them
 * (`Access-Control-Allow-Origin: *`), listed or not, so a page always gets the element and the
 * element can say what is wrong. The API calls a partner page makes with a bearer token are answered
 * only for the origins of CORS_ORIGINS; the default is none, so a self-hosted server stays
 * same-origin. A request the browser sends from any other origin (a simple one: a preflighted call
 * is stopped by the browser at its refused preflight) is refused with 403 Code 4030 before it is
 * routed, and that refusal, and only it, carries `Access-Control-Allow-Origin: <that origin>`: the
 * page can read why (the Message names CORS_ORIGINS) and nothing else. The SDK sends such a request
 * when a call to another origin fails at the network level (core's origin-refusal.ts).
 *
 * Bearer tokens, never cookies, cross origins, so no Access-Control-Allow-Credentials is ever sent.
 * The sign-in site `/a` and the operations routes (metrics, health, OpenAPI) get no CORS at all:
 * `/a`'s forms are same-origin with a CSRF token a readable cross-origin answer would leak.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CorsOrigins } from '../config';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { lingerOnClose } from './lingering-close';

type CorsArea = 'elements' | 'api';

/** The API calls a partner page makes through the SDK; everything else under /api stays same-origin. */
const API_PREFIXES = [
  '/api/convert/',
  '/api/redact/',
  '/api/d/',
  '/api/job/',
  '/api/workflows/',
  '/api/account/keys/',
];
const API_PATHS = new Set([
  '/api/upload',
  // the OCR language picker of an element on a partner page
  '/api/ocr/languages',
  '/api/functions/generate-jwt',
  '/api/functions/validate-token',
  // A partner page's sign-out (core's logout) revokes its token too.
  '/api/functions/revoke-token',
  // The account area of a studio served from another listed origin (its apiUrl elsewhere). Bearer
  // only, so CORS opens nothing to a page that does not already hold the user's own token.
  '/api/account',
  '/api/account/password',
  '/api/account/keys',
]);

const ALLOWED_METHODS: Record<CorsArea, string> = {
  elements: 'GET, HEAD',
  api: 'GET, HEAD, POST, PATCH, DELETE',
};
const ALLOWED_HEADERS = 'Authorization, Content-Type, Content-Disposition, X-Request-Id';
/** Retry-After answers 429; Content-Disposition names downloads; X-Request-Id finds the log lines. */
const EXPOSED_HEADERS = 'Content-Disposition, Retry-After, X-Request-Id';
/** Chromium caps preflight caching at 2 hours. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

/** Which CORS rules a request path falls under, if any. */
export function corsAreaOf(url: string): CorsArea | undefined {
  const path = url.split('?')[0] ?? '';
  // A dot segment, raw or encoded, could make one path name another resource: never CORS for those.
  if (/(^|\/)(\.|%2e){1,2}(\/|$)/i.test(path) || /%2f|%5c|\\/i.test(path)) return undefined;
  if (path.startsWith('/elements/')) return 'elements';
  if (API_PATHS.has(path) || API_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'api';
  return undefined;
}

export function isOriginAllowed(origin: string | undefined, allowed: CorsOrigins): origin is string {
  if (origin === undefined || origin === '') return false;
  return allowed === '*' || allowed.includes(origin);
}

const isPreflight = (request: FastifyRequest): boolean =>
  request.method === 'OPTIONS' &&
  request.headers.origin !== undefined &&
  request.headers['access-control-request-method'] !== undefined;

/**
 * The request comes from a page of another origin. Browsers say so in Sec-Fetch-Site; without it
 * (an older browser) the Origin is compared with the Host the request was sent to, and PUBLIC_URL.
 */
export function isCrossOrigin(request: FastifyRequest, publicUrl?: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === '') return false;
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-origin' || site === 'none') return false;
  if (site === 'same-site' || site === 'cross-site') return true;
  try {
    const { host } = new URL(origin);
    return host !== request.host && (!publicUrl || new URL(publicUrl).origin !== origin);
  } catch {
    return true; // 'null' (a sandboxed frame, a file:// page) or garbage
  }
}

const refusalOf = (origin: string | undefined): ApiError =>
  new ApiError(
    403,
    ErrorCode.OriginNotAllowed,
    `The origin ${origin} may not use this server from its pages. The server's CORS_ORIGINS must list it.`,
  );

function addVaryOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((value) => value.toLowerCase() === 'origin')) return;
  reply.header('Vary', [...values, 'Origin'].join(', '));
}

export function installCors(app: FastifyInstance, allowed: CorsOrigins, publicUrl?: string): void {
  /** API requests refused for their origin: their 403 is the one answer that origin may read. */
  const refused = new WeakSet<FastifyRequest>();

  // Before routing: the routes know nothing of OPTIONS, and a refused request runs no route.
  app.addHook('onRequest', async (request, reply) => {
    const area = corsAreaOf(request.url);
    if (!area) return;
    const origin = request.headers.origin;
    if (isPreflight(request)) {
      if (area === 'api' && !isOriginAllowed(origin, allowed)) {
        // The browser reads no preflight answer but its status: the page sees a network error,
        // and the SDK then asks with a simple request, which is answered below.
        return reply.code(403).type('application/json; charset=utf-8').send(refusalOf(origin).toJSON());
      }
      return reply
        .code(204)
        .headers({
          'Access-Control-Allow-Methods': ALLOWED_METHODS[area],
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
        })
        .send();
    }
    if (area === 'api' && !isOriginAllowed(origin, allowed) && isCrossOrigin(request, publicUrl)) {
      refused.add(request);
      // An HTML form's upload still arriving hears the 403 instead of a reset (lingering-close.ts).
      lingerOnClose(request);
      throw refusalOf(origin);
    }
  });

  // onSend also covers error answers (401, 413, 429), so a partner page can read why a call failed.
  app.addHook('onSend', async (request, reply, payload) => {
    const area = corsAreaOf(request.url);
    if (area === 'elements') {
      reply.header('Access-Control-Allow-Origin', '*');
      return payload;
    }
    if (area !== 'api') return payload;
    // Caches must keep the answer per Origin, allowed or not.
    addVaryOrigin(reply);
    const origin = request.headers.origin;
    if (origin === undefined) return payload;
    if (isOriginAllowed(origin, allowed)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    } else if (refused.has(request)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', 'X-Request-Id');
    }
    return payload;
  });
}
