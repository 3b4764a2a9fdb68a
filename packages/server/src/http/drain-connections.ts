/**
 * While the server drains (close() called, jobs still answering), every answer closes its connection.
 * Without this, a request in flight when close() began leaves a keep-alive socket behind once it is
 * answered, and close() waits for that idle socket until keepAliveTimeout (72 s in Fastify).
 */
import type { FastifyInstance } from 'fastify';

export function closeConnectionsWhenDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
