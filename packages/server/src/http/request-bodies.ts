/**
 * The server's guards on incoming requests: Node's header and request timeouts and header size, the
 * global receiving budget, the minimum body rate, and lingering close for answers given early.
 */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config/config';
import { lingerOnClose } from './lingering-close';
import { ReceivingBudget } from './receiving-budget';
import type { ServerContext } from './server-context';
import { watchBodyRate } from './slow-body';

/** Fastify's server options for the timeouts and header size of ServerConfig. */
export function requestTimeouts(config: ServerConfig) {
  return {
    requestTimeout: config.requestTimeoutSeconds * 1000,
    http: {
      headersTimeout: config.headersTimeoutSeconds * 1000,
      maxHeaderSize: config.maxHeaderBytes,
      // How often Node checks those timeouts (30 s by default: a dribbler would outlive its limit).
      connectionsCheckingInterval: 1000,
    },
  };
}

export function guardRequestBodies(app: FastifyInstance, context: ServerContext): void {
  const { config } = context;
  const budget = new ReceivingBudget(config.maxReceivingBytes);
  app.decorate('receivingBudget', budget);
  app.addHook('onRequest', async (request, reply) => {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length']) > 0;
    if (!hasBody) return;
    lingerOnClose(request);
    const progress = budget.admit(request, reply);
    watchBodyRate(request, reply, config.minUploadBytesPerSecond, config.uploadGraceSeconds * 1000, progress);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Bytes being received at once (MAX_RECEIVING_BYTES); for tests and metrics. */
    receivingBudget: ReceivingBudget;
  }
}
