/**
 * The server's request log (pino, one JSON object a line): per request an "incoming request" and a
 * "request completed" line with the request id, method, route pattern, loggable ids, status and
 * duration, and "request failed" with a redacted error for 5xx answers. What may appear in a line is
 * decided in log-serializers.ts; this file wires it into Fastify, adds pino's `redact` for fields no
 * serializer should ever let through, and replaces Fastify's own lines that print the raw URL.
 */
import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';
import type { ServerConfig } from '../config/config';
import { redactText, serializeError, serializeReply, serializeRequest } from './log-serializers';

/**
 * Removed wherever a line would carry them (defence in depth: the serializers already leave them out,
 * this covers an object logged by hand).
 */
const REDACTED_PATHS = [
  'url',
  'query',
  'body',
  'headers',
  'password',
  'token',
  'authorization',
  'cookie',
  '*.url',
  '*.query',
  '*.body',
  '*.headers',
  '*.password',
  '*.token',
  '*.authorization',
  '*.cookie',
  '*.fileName',
  '*.FileName',
];

/** Fastify logger options: level info, the configured destination, our serializers and redaction. */
export function requestLoggerOptions(config: Pick<ServerConfig, 'logStream'>) {
  return {
    level: 'info',
    stream: config.logStream,
    serializers: { req: serializeRequest, res: serializeReply, err: serializeError },
    redact: { paths: REDACTED_PATHS, remove: true },
    hooks: {
      // Free-text messages (Fastify's warnings quote URLs) are redacted like error messages.
      logMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}

/**
 * Fastify's per-request lines, with the route instead of the URL: "route not found" would print
 * `Route GET:/page?auth=<token> not found`, and the completion line carries the request too so that
 * one line tells method, route, status and duration.
 */
export class SafeLogController extends LogController {
  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }

  override routeNotFound(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.info({ req: request }, 'route not found');
  }
}
