/**
 * The built studio (demo/dist) at /, with SPA fallback: a GET for a page route that is no file
 * (/pdf-merge, /workflows/edit/…) gets index.html so client routes load on refresh; /api and missing
 * assets stay real 404s.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';

export async function registerStaticSite(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  if (staticDir) await app.register(fastifyStatic, { root: staticDir, index: ['index.html'] });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = path === '/api' || path.startsWith('/api/');
    const wantsPage =
      request.method === 'GET' &&
      !/\.[a-z0-9]{1,8}$/i.test(path) &&
      // Browsers ask for text/html; curl and link checkers send */* and should get the page too.
      /text\/html|\*\/\*/.test(request.headers.accept ?? '*/*');
    if (!isApi && staticDir && wantsPage && existsSync(join(staticDir, 'index.html'))) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    if (isApi || !staticDir) {
      const error = new ApiError(404, ErrorCode.UnknownConverter, `There is no ${request.method} ${path}.`);
      return reply.code(404).send(error.toJSON());
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
