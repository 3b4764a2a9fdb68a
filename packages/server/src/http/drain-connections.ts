/**
 * While the server drains (close() called, jobs still answering), every connection is closed once its
 * answer is out. Without this, a request in flight when close() began leaves a keep-alive socket
 * behind once it is answered, and close() waits for that idle socket until keepAliveTimeout (72 s in
 * Fastify): Node closes only the sockets idle at the moment close() is called.
 */
import type { FastifyInstance } from 'fastify';

export function closeConnectionsWhenDraining(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  // An answer not sent yet says so, and Node closes its connection after it.
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  // An answer whose headers were already out when close() began (a download streaming then) cannot
  // say it any more: its connection is ended once the answer is complete.
  app.addHook('onResponse', async (request) => {
    if (draining) request.raw.socket?.end();
  });
}
