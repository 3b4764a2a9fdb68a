/**
 * Operations: healthz (liveness: engines found and their versions), readyz (database reachable and
 * no warm engine pool down, readiness.ts) and metrics (Prometheus text); their schemas in
 * schemas/health.schema.ts. The OpenAPI document: openapi/openapi.routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { engineStatuses } from '../engines/engine-versions';
import { readiness } from './readiness';
import { healthzSchema, metricsSchema, readyzSchema } from './schemas/health.schema';
import type { ServerContext } from './server-context';

export function registerHealthRoutes(app: FastifyInstance, context: ServerContext): void {
  app.get('/healthz', { schema: healthzSchema }, async () => {
    const engines = await engineStatuses();
    const missing = Object.entries(engines)
      .filter(([, status]) => !status.found)
      .map(([name]) => name);
    return { status: missing.length ? 'degraded' : 'ok', missing, engines, queue: context.queue.depth() };
  });

  app.get('/readyz', { schema: readyzSchema }, async (_request, reply) => {
    const answer = await readiness(context);
    return reply.code(answer.status).send(answer.body);
  });

  app.get('/metrics', { schema: metricsSchema }, async (_request, reply) => {
    return reply.type(context.metrics.contentType).send(await context.metrics.render());
  });
}
