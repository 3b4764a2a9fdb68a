/**
 * CORS for partner pages that embed one element from another origin: they load `/elements/*` as a
 * module script (always fetched in CORS mode) and call the API with a bearer token. Only the origins
 * of CORS_ORIGINS are answered; the default is none, so a self-hosted server stays same-origin.
 *
 * Bearer tokens, never cookies, cross origins, so no Access-Control-Allow-Credentials is ever sent.
 * The sign-in site `/a` and the operations routes (metrics, health, OpenAPI) get no CORS at all:
 * `/a`'s forms are same-origin with a CSRF token a readable cross-origin answer would leak.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CorsOrigins } from '../config';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';

type CorsArea = 'elements' | 'api';

/** The API calls a partner page makes through the SDK; everything else under /api stays same-origin. */
const API_PREFIXES = ['/api/convert/', '/api/d/', '/api/job/', '/api/workflows/'];
const API_PATHS = new Set([
  '/api/upload',
  '/api/functions/generate-jwt',
  '/api/functions/validate-token',
  // A partner page's sign-out (core's logout) revokes its token too.
  '/api/functions/revoke-token',
]);

const ALLOWED_METHODS: Record<CorsArea, string> = {
  elements: 'GET, HEAD',
  api: 'GET, HEAD, POST, PATCH, DELETE',
};
const ALLOWED_HEADERS = 'Authorization, Content-Type, Content-Disposition';
/** Retry-After answers 429; Content-Disposition names downloads. */
const EXPOSED_HEADERS = 'Content-Disposition, Retry-After';
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

function addVaryOrigin(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((value) => value.toLowerCase() === 'origin')) return;
  reply.header('Vary', [...values, 'Origin'].join(', '));
}

export function installCors(app: FastifyInstance, allowed: CorsOrigins): void {
  const enabled = allowed === '*' || allowed.length > 0;

  // Preflights are answered before routing: the routes know nothing of OPTIONS.
  app.addHook('onRequest', async (request, reply) => {
    if (!isPreflight(request)) return;
    const area = corsAreaOf(request.url);
    if (!area) return;
    const origin = request.headers.origin;
    if (!isOriginAllowed(origin, allowed)) {
      const refusal = new ApiError(
        403,
        ErrorCode.OriginNotAllowed,
        `The origin ${origin} may not use this server from its pages. The server's CORS_ORIGINS must list it.`,
      );
      return reply.code(403).type('application/json; charset=utf-8').send(refusal.toJSON());
    }
    return reply
      .code(204)
      .headers({
        'Access-Control-Allow-Methods': ALLOWED_METHODS[area],
        'Access-Control-Allow-Headers': ALLOWED_HEADERS,
        'Access-Control-Max-Age': String(PREFLIGHT_MAX_AGE_SECONDS),
      })
      .send();
  });

  if (!enabled) return;
  // onSend also covers error answers (401, 413, 429), so a partner page can read why a call failed.
  app.addHook('onSend', async (request, reply, payload) => {
    if (!corsAreaOf(request.url)) return payload;
    // Caches must keep the answer per Origin, allowed or not.
    addVaryOrigin(reply);
    const origin = request.headers.origin;
    if (isOriginAllowed(origin, allowed)) {
      reply.header('Access-Control-Allow-Origin', origin);
      reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
    }
    return payload;
  });
}
