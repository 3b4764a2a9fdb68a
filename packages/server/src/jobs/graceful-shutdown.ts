/**
 * SIGTERM/SIGINT: stop accepting connections, let the jobs in flight finish (their answers are sent)
 * for up to the grace period, then cancel what still runs (its clients get 503) and exit. A second
 * signal, or a close that hangs well past the grace, exits at once with status 1.
 */
import type { FastifyInstance } from 'fastify';

/** Time after the grace for cancelled jobs to answer and the engines to stop. */
const CANCEL_ALLOWANCE_MS = 10_000;

export function exitGracefullyOnSignals(app: FastifyInstance, graceSeconds: number): void {
  let closing = false;
  const shutDown = (): void => {
    if (closing) process.exit(1);
    closing = true;
    const cancel = setTimeout(() => app.docstudio.queue.cancel(), graceSeconds * 1000);
    const giveUp = setTimeout(() => process.exit(1), graceSeconds * 1000 + CANCEL_ALLOWANCE_MS);
    giveUp.unref();
    void app.close().then(
      () => {
        clearTimeout(cancel);
        process.exit(0);
      },
      () => process.exit(1),
    );
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, shutDown);
}
