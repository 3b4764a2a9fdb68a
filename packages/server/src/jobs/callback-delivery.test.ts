/**
 * CallbackDeliveries against local receivers: a host whose DNS answer turned private since it was
 * saved is refused at send time (no connection made), redirects are not followed, an attempt that
 * outlives its time limit is retried, a 4xx other than 429 is final, and closing does not wait for
 * retries still pending. The resolver hook stands in for a DNS server (outside the product).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { resolvePublicUrl } from '../security/ssrf';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver';
import { CallbackDeliveries, type CallbackLog, type CallbackSettings } from './callback-delivery';

const EVENT = { Event: 'workflow.run.completed', RunId: 'run-1' };
const CALLBACK_SECRET = 'Delivery-Test-Secret-0042';
const messages: string[] = [];
const log: CallbackLog = {
  info: (_details, message) => void messages.push(message),
  warn: (_details, message) => void messages.push(message),
};

const opened: Array<{ close(): Promise<void> }> = [];
afterEach(async () => {
  messages.length = 0;
  await Promise.all(opened.splice(0).map((item) => item.close()));
});

async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}): Promise<WebhookReceiver> {
  const started = await startWebhookReceiver(options);
  opened.push(started);
  return started;
}

function deliveries(settings: Partial<CallbackSettings>): CallbackDeliveries {
  const made = new CallbackDeliveries({
    retryDelaysMs: [20, 40],
    attemptTimeoutMs: 2_000,
    drainTimeoutMs: 200,
    policy: () => ({ allowPrivate: true }),
    ...settings,
  });
  opened.push(made);
  return made;
}

describe('CallbackDeliveries', () => {
  it('checks the address again at send time: a name now resolving to loopback is refused, nothing sent', async () => {
    const target = await receiver();
    const port = new URL(target.url).port;
    let answer = '93.184.216.34';
    const resolve = async () => [answer];
    // The same policy as the default config: private addresses refused.
    const policy = { allowPrivate: false, resolve };
    const url = `http://hooks.portal.example:${port}/in`;
    // Saved while the name answered a public address (the save-time check passes)…
    await expect(resolvePublicUrl(url, policy)).resolves.toMatchObject({ address: '93.184.216.34' });
    // … and sent after it changed to this machine.
    answer = '127.0.0.1';
    const sender = deliveries({ policy: () => policy });
    const outcome = await sender.send({ Url: url, Secret: CALLBACK_SECRET }, EVENT, log);
    expect(outcome).toMatchObject({ delivered: false, reason: 'refused', attempts: 1 });
    expect(target.received).toHaveLength(0);
    expect(messages).toEqual(['workflow callback refused by the SSRF guard']);
  });

  it('does not follow a redirect, and takes a 4xx other than 429 as final', async () => {
    const elsewhere = await receiver();
    const redirecting = createServer((_request, response) => {
      response.writeHead(307, { location: elsewhere.url }).end();
    });
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    opened.push({ close: () => new Promise<void>((resolve) => redirecting.close(() => resolve())) });
    const { port } = redirecting.address() as AddressInfo;
    const sender = deliveries({});
    const outcome = await sender.send(
      { Url: `http://127.0.0.1:${port}/hook`, Secret: CALLBACK_SECRET },
      EVENT,
      log,
    );
    expect(outcome).toMatchObject({ delivered: false, reason: 'answered', status: 307, attempts: 1 });
    expect(elsewhere.received).toHaveLength(0);

    const gone = await receiver({ statuses: [410] });
    expect(await sender.send({ Url: gone.url, Secret: CALLBACK_SECRET }, EVENT, log)).toMatchObject({
      delivered: false,
      reason: 'answered',
      status: 410,
      attempts: 1,
    });
    const busy = await receiver({ statuses: [429, 200] });
    expect(await sender.send({ Url: busy.url, Secret: CALLBACK_SECRET }, EVENT, log)).toMatchObject({
      delivered: true,
      attempts: 2,
    });
  });

  it('retries an attempt that outlives its time limit, then gives up', async () => {
    const stuck = await receiver({ delayMs: 1_000 });
    const sender = deliveries({ attemptTimeoutMs: 150 });
    const startedAt = Date.now();
    const outcome = await sender.send({ Url: stuck.url, Secret: CALLBACK_SECRET }, EVENT, log);
    expect(outcome).toMatchObject({ delivered: false, reason: 'failed', attempts: 3 });
    expect(stuck.received).toHaveLength(3);
    expect(Date.now() - startedAt).toBeLessThan(1_500);
  });

  it('does not keep closing waiting for retries still pending', async () => {
    const failing = await receiver({ statuses: [503] });
    const sender = new CallbackDeliveries({
      retryDelaysMs: [60_000],
      attemptTimeoutMs: 2_000,
      drainTimeoutMs: 100,
      policy: () => ({ allowPrivate: true }),
    });
    const outcome = sender.send({ Url: failing.url, Secret: CALLBACK_SECRET }, EVENT, log);
    await failing.waitFor(1);
    const closing = Date.now();
    await sender.close();
    expect(Date.now() - closing).toBeLessThan(1_000);
    expect(await outcome).toMatchObject({ delivered: false, reason: 'shutdown', attempts: 1 });
    expect(messages).toContain('workflow callback dropped at shutdown');
  });
});
