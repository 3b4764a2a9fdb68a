/**
 * A signal that aborts when the client goes away before its answer is finished (a Cancel, a closed
 * tab), so the engine working for it is stopped. It listens to the response's 'close', not the
 * request's: that one fires as soon as the body has been read, long before the answer.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export function clientGoneSignal(request: FastifyRequest, reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  const abort = () => !reply.raw.writableFinished && gone.abort();
  if (request.raw.socket?.destroyed) abort();
  else reply.raw.once('close', abort);
  return gone.signal;
}
