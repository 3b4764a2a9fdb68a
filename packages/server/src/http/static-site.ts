/**
 * The built studio (demo/dist) at /. A GET for a path of the studio's route list (core `siteRoutes`,
 * the list the demo's router is built from) that is no file gets index.html with 200, so client routes
 * load on refresh; any other page path gets index.html with 404, which the studio renders as its
 * 'Oops! Page not found' page. /api and missing assets stay plain 404s. Every HTML answer carries the
 * studio's Content-Security-Policy; /sitemap.xml and /robots.txt come from the same route list.
 *
 * Files are sent as the build compressed them (name.br / name.gz beside each, scripts/precompress.mjs),
 * picked by the request's Accept-Encoding with `Vary: Accept-Encoding`; hashed build files under
 * /assets are cached for a year as immutable, everything else (HTML, favicon) is revalidated.
 * A route's HTML names its page module's files in a `Link` header (page-preloads.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { matchSiteRoute } from '@docstudio/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { inlineScriptHashes, studioContentSecurityPolicy } from './content-security-policy';
import { readPagePreloads } from './page-preloads';
import { publicBaseUrl, type ServerContext } from './server-context';
import { robotsTxt, sitemapXml } from './site-index';

const INDEX = 'index.html';
/** Vite names every file under /assets by its content hash: a changed file is a new address. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The file a precompressed copy stands for (`index.html.br` is sent as `index.html`). */
const servedName = (filePath: string) => filePath.replace(/\.(?:br|gz)$/, '');

/** The policy for this build: index.html's inline scripts are read once, at start-up. */
function policyFor(context: ServerContext, staticDir: string): string {
  const index = join(staticDir, INDEX);
  const html = existsSync(index) ? readFileSync(index, 'utf8') : '';
  return studioContentSecurityPolicy({
    connectOrigins: context.config.cspConnectOrigins,
    scriptHashes: inlineScriptHashes(html),
  });
}

function registerSiteIndex(app: FastifyInstance, context: ServerContext): void {
  app.get('/sitemap.xml', async (request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(sitemapXml(publicBaseUrl(context, request))),
  );
  app.get('/robots.txt', async (request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .send(robotsTxt(publicBaseUrl(context, request))),
  );
}

export async function registerStaticSite(app: FastifyInstance, context: ServerContext): Promise<void> {
  const { staticDir } = context.config;
  const policy = staticDir ? policyFor(context, staticDir) : '';
  const pagePreloads = staticDir ? readPagePreloads(staticDir) : new Map<string, string>();
  if (staticDir) {
    // Imported only when there is a site to serve: @fastify/static and the glob it loads took ~20 ms
    // of every start, the API-only server's too (issue 19, start to ready).
    const { default: fastifyStatic } = await import('@fastify/static');
    await app.register(fastifyStatic, {
      root: staticDir,
      index: [INDEX],
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        const name = servedName(filePath);
        const hashed = name.startsWith(join(staticDir, 'assets', '/'));
        reply.header('Cache-Control', hashed ? IMMUTABLE : REVALIDATE);
        if (name.endsWith('.html')) reply.header('Content-Security-Policy', policy);
      },
    });
    registerSiteIndex(app, context);
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !/\.[a-z0-9]{1,8}$/i.test(path) &&
      // Browsers ask for text/html; curl and link checkers send */* and should get the page too.
      /text\/html|\*\/\*/.test(request.headers.accept ?? '*/*');
    if (!isApi && staticDir && wantsPage && existsSync(join(staticDir, INDEX))) {
      const route = matchSiteRoute(path);
      const preload = route && pagePreloads.get(route.kind);
      if (preload) reply.header('Link', preload);
      return reply
        .code(route ? 200 : 404)
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', policy)
        .sendFile(INDEX);
    }
    if (isApi || !staticDir) {
      const error = new ApiError(404, ErrorCode.UnknownConverter, `There is no ${request.method} ${path}.`);
      return reply.code(404).send(error.toJSON());
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
