/** GET /api/openapi.json: the generated document (install-openapi.ts), with this server's own URL. */
import type { FastifyInstance } from 'fastify';
import { publicBaseUrl, type ServerContext } from '../server-context';
import { API_PREFIX } from './install-openapi';
import { noToken } from './responses';

const openApiSchema = {
  summary: 'This OpenAPI 3.1 document',
  tags: ['Operations'],
  operationId: 'openapi',
  security: noToken,
  response: {
    200: {
      description: 'Generated from the route schemas',
      content: { 'application/json': { schema: { type: 'object', required: ['openapi', 'paths'] } } },
    },
  },
};

export function registerOpenApiRoute(app: FastifyInstance, context: ServerContext): void {
  app.get('/openapi.json', { schema: openApiSchema }, async (request) => ({
    // Built once by @fastify/swagger; the servers entry is this request's (PUBLIC_URL behind a proxy).
    ...app.swagger(),
    servers: [{ url: `${publicBaseUrl(context, request)}${API_PREFIX}` }],
  }));
}
