/**
 * Request ids: a client or proxy that sends `X-Request-Id` gets its own id back and finds it in the
 * server's log lines (`reqId`), so one request can be followed through a proxy, the server and a
 * partner's support ticket. Only a safe id is taken as sent: it lands in every log line and in a
 * response header, so anything longer than 128 characters or outside [A-Za-z0-9._-] (spaces, quotes,
 * newlines that would forge log lines) is replaced by a new random id, and so is anything shaped like
 * a JWT (a token pasted into the wrong header must not reach the log). Every answer, errors
 * included, carries the id in `X-Request-Id`.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

export const REQUEST_ID_HEADER = 'x-request-id';
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const JWT_SHAPE = /^eyJ[\w-]*\.[\w-]*\./;

/** Fastify's `genReqId`: the sent X-Request-Id when it is safe, else a new UUID. */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SAFE_REQUEST_ID.test(sent) && !JWT_SHAPE.test(sent)
    ? sent
    : randomUUID();
}

/** Every answer (onSend also runs for errors and for answers given by hooks) names its request. */
export function returnRequestIds(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Request-Id', request.id);
    return payload;
  });
}
