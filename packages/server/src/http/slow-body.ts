/**
 * Cuts off request bodies that dribble: after a grace period, a body arriving slower on average than
 * MIN_UPLOAD_BYTES_PER_SECOND is answered 408 and its connection closed, so a client sending 1 byte
 * a second cannot hold a work folder and a socket for hours. (Node's requestTimeout bounds the
 * whole request as well; this catches the slow ones long before that.)
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../contract/errors';

const CHECK_EVERY_MS = 1000;

export function watchBodyRate(
  request: FastifyRequest,
  reply: FastifyReply,
  minBytesPerSecond: number,
  graceMs: number,
  /** Told the bytes received so far at every check (the receiving budget charges chunked bodies so). */
  onProgress?: (received: number) => void,
): void {
  const started = Date.now();
  const raw = request.raw;
  // Counted on the socket: a 'data' listener on the request would start its flow before the route reads it.
  const socket = raw.socket;
  const before = socket.bytesRead;
  const timer = setInterval(() => {
    if (raw.complete || raw.destroyed) return clearInterval(timer);
    const received = socket.bytesRead - before;
    onProgress?.(received);
    const elapsed = Date.now() - started;
    if (elapsed < graceMs || received >= (minBytesPerSecond * elapsed) / 1000) return;
    clearInterval(timer);
    request.log.info({ receivedBytes: received, elapsedMs: elapsed }, 'request body too slow: closed');
    if (!reply.sent) {
      reply
        .code(408)
        .header('Connection', 'close')
        .type('application/json; charset=utf-8')
        .send({ Code: ErrorCode.ParameterValidation, Message: 'The request body arrived too slowly.' });
    }
    // The handler waiting on the body fails at once instead of waiting for bytes that never come.
    setTimeout(() => raw.socket?.destroy(), 500).unref();
  }, CHECK_EVERY_MS);
  timer.unref();
  raw.once('end', () => clearInterval(timer));
  raw.once('close', () => clearInterval(timer));
}
