/**
 * Test-only: a portal's webhook receiver on a loopback port (a fake of something outside the product).
 * It records every request (headers, raw body, arrival time) and answers each with the next status
 * of `statuses` (the last one repeats), optionally after `delayMs`. Example:
 *
 *   const receiver = await startWebhookReceiver({ statuses: [500, 500, 200] });
 *   // … a workflow with CallbackUrl: receiver.url runs …
 *   const [delivery] = await receiver.waitFor(3);
 *   await receiver.close();
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: IncomingHttpHeaders;
  body: string;
  receivedAt: number;
  /** When its answer was sent (undefined while the receiver still holds it). */
  answeredAt?: number;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port>/hooks/docstudio?source=test */
  url: string;
  /** host:port, as the SSRF guard's allowedOrigins take it. */
  origin: string;
  received: ReceivedDelivery[];
  /** Resolves once `count` requests have arrived (fails after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedDelivery[]>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(
  options: { statuses?: number[]; delayMs?: number } = {},
): Promise<WebhookReceiver> {
  const statuses = options.statuses ?? [200];
  const received: ReceivedDelivery[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery: ReceivedDelivery = {
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: Date.now(),
      };
      const status = statuses[Math.min(received.length, statuses.length - 1)] ?? 200;
      received.push(delivery);
      setTimeout(() => {
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status < 300 ? 'ok' : 'try again');
        delivery.answeredAt = Date.now();
      }, options.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks/docstudio?source=test`,
    origin: `127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 30_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > until)
          throw new Error(`The receiver got ${received.length} of ${count} deliveries in ${timeoutMs} ms.`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received.slice(0, count);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
