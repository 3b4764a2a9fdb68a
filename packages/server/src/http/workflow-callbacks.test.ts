/**
 * Completion webhooks over real HTTP with real runs and local receivers (fakes of a portal, let
 * through the SSRF guard by their exact origin, as URL-input tests do): the secret is write-only and
 * sealed at rest, a delivery is signed (checked with node:crypto) and carries the run record, a
 * receiver answering 500 twice then 200 gets 3 attempts, a slow receiver does not delay the run's
 * result, and private addresses are refused at save time and, with the default config, at send time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealCallback } from '../storage/sealed-callback';
import { CORPUS_DIR } from '../testing/corpus';
import { databaseFilesHolding } from '../testing/database-bytes';
import { startTestServer, type TestAnswerBody, type TestServer } from '../testing/test-server';
import {
  type ReceivedDelivery,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../testing/webhook-receiver';

const OWN_SECRET = 'Portal-Shared-Secret-4417-xyz';
const SLOW_MS = 1500;

let server: TestServer;
let ok: WebhookReceiver;
let flaky: WebhookReceiver;
let slow: WebhookReceiver;
const logLines: string[] = [];

beforeAll(async () => {
  ok = await startWebhookReceiver();
  flaky = await startWebhookReceiver({ statuses: [500, 500, 200] });
  slow = await startWebhookReceiver({ delayMs: SLOW_MS });
  server = await startTestServer({
    // Only these receivers' exact origins pass the guard: every other private address stays refused.
    allowPrivateUrls: false,
    allowedOrigins: [ok.origin, flaky.origin, slow.origin],
    webhooks: { retryDelaysMs: [50, 100, 200], attemptTimeoutMs: 5_000, drainTimeoutMs: 1_000 },
    logger: true,
    logStream: { write: (line: string) => void logLines.push(line) },
  });
  await server.signIn();
});
afterAll(async () => {
  await server.close();
  await Promise.all([ok.close(), flaky.close(), slow.close()]);
});

interface WorkflowAnswer {
  Id: string;
  CallbackUrl?: string;
  CallbackSecret?: string | { Set: true };
  InvalidParameters?: Record<string, string[]>;
}

async function call(on: TestServer, method: string, path: string, body?: unknown) {
  const answer = await on.request(`/api/workflows/${path}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: answer.status, body: (await answer.json()) as WorkflowAnswer };
}

const ROTATE = [{ order: 1, endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' }, onError: 'stop' }];
const FAILING = [
  { order: 1, endpoint: 'pdf/to/protect', parameters: { UserPassword: 'Lock-Key-3381' }, onError: 'stop' },
  { order: 2, endpoint: 'pdf/to/unprotect', parameters: { Password: 'wrong-key' }, onError: 'stop' },
];

async function create(on: TestServer, extra: Record<string, unknown>, steps: unknown[] = ROTATE) {
  const created = await call(on, 'POST', 'create', { name: 'Webhook test', steps, ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body;
}

/** Runs the workflow on crazyones.pdf and waits for the job's answer; `doneAt` is when it was read. */
async function runToEnd(on: TestServer, id: string) {
  const form = new FormData();
  form.append('File', new Blob([await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`)]), 'crazyones.pdf');
  const started = await on.request(`/api/workflows/run/${id}`, { method: 'POST', body: form });
  expect(started.status).toBe(202);
  const { JobId } = (await started.json()) as { JobId: string };
  for (;;) {
    const job = await on.request(`/api/job/${JobId}`);
    if (job.status !== 202)
      return {
        jobId: JobId,
        status: job.status,
        body: (await job.json()) as TestAnswerBody,
        doneAt: Date.now(),
      };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Checks X-Docstudio-Signature as a receiver would; returns its time. */
function verifySignature(delivery: ReceivedDelivery, secret: string): number {
  const header = String(delivery.headers['x-docstudio-signature'] ?? '');
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!match) throw new Error(`malformed signature header: ${header}`);
  const expected = createHmac('sha256', secret).update(`${match[1]}.${delivery.body}`).digest();
  expect(timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'))).toBe(true);
  return Number(match[1]);
}

const logsOf = (runId: string) =>
  logLines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.runId === runId);

describe('workflow CallbackUrl and CallbackSecret', () => {
  it('generates a secret once, masks it afterwards, seals both at rest, and keeps or removes them on update', async () => {
    const created = await create(server, { CallbackUrl: ok.url });
    expect(created.CallbackUrl).toBe(ok.url);
    const secret = created.CallbackSecret;
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);

    const read = await call(server, 'GET', `get/${created.Id}`);
    expect(read.body).toMatchObject({ CallbackUrl: ok.url, CallbackSecret: { Set: true } });
    const all = await call(server, 'GET', 'get-all');
    expect(JSON.stringify(all.body)).not.toContain(String(secret));
    expect(await databaseFilesHolding(server.dataDir, String(secret))).toEqual([]);
    expect(await databaseFilesHolding(server.dataDir, ok.url)).toEqual([]);

    // A client that does not know the fields keeps the webhook; the marker keeps the secret.
    const renamed = await call(server, 'PATCH', `update/${created.Id}`, { name: 'Renamed', steps: ROTATE });
    expect(renamed.body).toMatchObject({ CallbackUrl: ok.url, CallbackSecret: { Set: true } });
    const kept = await call(server, 'PATCH', `update/${created.Id}`, {
      name: 'Renamed',
      steps: ROTATE,
      CallbackUrl: ok.url,
      CallbackSecret: { Set: true },
    });
    expect(kept.body.CallbackSecret).toEqual({ Set: true });
    const stored = server.app.docstudio.db
      .selectFrom('workflows')
      .select('callback')
      .where('id', '=', created.Id);
    const before = (await stored.executeTakeFirst())?.callback;
    expect(before).toMatch(/^s1\./);

    // null removes it; a marker with nothing stored is a 400 naming CallbackSecret.
    const removed = await call(server, 'PATCH', `update/${created.Id}`, {
      name: 'R',
      steps: ROTATE,
      CallbackUrl: null,
    });
    expect(removed.body.CallbackUrl).toBeUndefined();
    expect(removed.body.CallbackSecret).toBeUndefined();
    expect((await stored.executeTakeFirst())?.callback).toBeNull();
    const nothingToKeep = await call(server, 'POST', 'create', {
      name: 'x',
      steps: ROTATE,
      CallbackUrl: ok.url,
      CallbackSecret: { Set: true },
    });
    expect(nothingToKeep.status).toBe(400);
    expect(Object.keys(nothingToKeep.body.InvalidParameters ?? {})).toEqual(['CallbackSecret']);
  });

  it('POSTs the signed run record when a run succeeds and when it fails', async () => {
    const workflow = await create(server, { CallbackUrl: ok.url, CallbackSecret: OWN_SECRET });
    expect(workflow.CallbackSecret).toEqual({ Set: true });
    const run = await runToEnd(server, workflow.Id);
    expect(run.status).toBe(200);
    const [delivery] = await ok.waitFor(1);
    if (!delivery) throw new Error('no delivery');
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-docstudio-event']).toBe('workflow.run.completed');
    expect(delivery.headers['x-docstudio-delivery']).toMatch(/^[\w-]{20,}$/);
    const signedAt = verifySignature(delivery, OWN_SECRET);
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(60);

    // The body is the run as GET workflows/runs lists it, plus the event's name.
    const event = JSON.parse(delivery.body) as Record<string, unknown>;
    const listed = (await (await server.request(`/api/workflows/runs?workflowId=${workflow.Id}`)).json()) as {
      Runs: unknown[];
    };
    expect(event).toEqual({ Event: 'workflow.run.completed', ...(listed.Runs[0] as object) });
    expect(event).toMatchObject({
      RunId: run.jobId,
      WorkflowId: workflow.Id,
      Status: 'succeeded',
      Steps: [{ Tool: 'pdf/to/rotate', Status: 'completed' }],
    });
    const [file] = event.Files as Array<{ Url: string; FileId: string }>;
    expect(file?.FileId).toBe(run.body.Files?.[0]?.FileId);
    expect((await server.download(file?.Url ?? '')).subarray(0, 5).toString()).toBe('%PDF-');

    // A failed run is delivered too, with the failing step's reason.
    const failing = await create(server, { CallbackUrl: ok.url, CallbackSecret: OWN_SECRET }, FAILING);
    const failed = await runToEnd(server, failing.Id);
    expect(failed.status).toBe(422);
    const second = (await ok.waitFor(2))[1];
    if (!second) throw new Error('no second delivery');
    verifySignature(second, OWN_SECRET);
    const failedEvent = JSON.parse(second.body) as {
      RunId: string;
      Status: string;
      Steps: Array<{ Status: string; Error?: string }>;
    };
    expect(failedEvent).toMatchObject({ RunId: failed.jobId, Status: 'failed' });
    expect(failedEvent.Steps.map((step) => step.Status)).toEqual(['completed', 'error']);
    expect(`Step 2 failed: ${failedEvent.Steps[1]?.Error}`).toBe(failed.body.Message);
  }, 60_000);

  it('retries a receiver that answers 500 twice: 3 attempts, one delivery id, each signed, logged without the Url', async () => {
    const workflow = await create(server, { CallbackUrl: flaky.url });
    const secret = String(workflow.CallbackSecret);
    const run = await runToEnd(server, workflow.Id);
    expect(run.status).toBe(200);
    const attempts = await flaky.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(flaky.received).toHaveLength(3);
    expect(new Set(attempts.map((attempt) => attempt.headers['x-docstudio-delivery'])).size).toBe(1);
    for (const attempt of attempts) verifySignature(attempt, secret);
    expect(new Set(attempts.map((attempt) => attempt.body)).size).toBe(1);

    const lines = logsOf(run.jobId);
    expect(lines.map((line) => [line.msg, line.attempt, line.status])).toEqual([
      ['workflow callback answered with an error', 1, 500],
      ['workflow callback answered with an error', 2, 500],
      ['workflow callback delivered', 3, 200],
    ]);
    expect(lines[0]?.callbackOrigin).toBe(`http://${flaky.origin}`);
    const log = logLines.join('');
    for (const hidden of ['/hooks/docstudio', 'source=test', secret, attempts[0]?.body.slice(0, 40) ?? ''])
      expect([hidden, log.includes(hidden)]).toEqual([hidden, false]);
  }, 60_000);

  it("does not delay the run's result for a slow receiver", async () => {
    const workflow = await create(server, { CallbackUrl: slow.url });
    const run = await runToEnd(server, workflow.Id);
    expect(run.status).toBe(200);
    const [delivery] = await slow.waitFor(1);
    while (delivery && delivery.answeredAt === undefined)
      await new Promise((resolve) => setTimeout(resolve, 20));
    // The job's answer was read before the receiver had even answered the delivery.
    expect(run.doneAt).toBeLessThan(delivery?.answeredAt ?? 0);
    expect((delivery?.answeredAt ?? 0) - (delivery?.receivedAt ?? 0)).toBeGreaterThanOrEqual(SLOW_MS - 50);
  }, 60_000);

  it('refuses private, loopback and non-http CallbackUrls at save time with a 400 naming CallbackUrl', async () => {
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:8080/hook',
      'http://10.1.2.3/hook',
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]/hook',
      'ftp://example.com/hook',
      'not a url',
    ]) {
      const refused = await call(server, 'POST', 'create', { name: 'x', steps: ROTATE, CallbackUrl: url });
      expect(refused.status, url).toBe(400);
      expect(Object.keys(refused.body.InvalidParameters ?? {}), url).toEqual(['CallbackUrl']);
      expect(refused.body.InvalidParameters?.CallbackUrl?.[0], url).toMatch(/^The callback URL is refused: /);
    }
  });
});

describe('the default SSRF policy', () => {
  it('refuses a private CallbackUrl at save time, and at send time when the address changed since', async () => {
    const receiver = await startWebhookReceiver();
    const lines: string[] = [];
    const strict = await startTestServer({
      allowPrivateUrls: false,
      logger: true,
      logStream: { write: (line: string) => void lines.push(line) },
    });
    try {
      await strict.signIn();
      const refused = await call(strict, 'POST', 'create', {
        name: 'x',
        steps: ROTATE,
        CallbackUrl: receiver.url,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.InvalidParameters?.CallbackUrl?.[0]).toMatch(/loopback/);

      // A Url that passed when it was saved (its host then public) and now resolves to this machine.
      const workflow = await create(strict, {});
      const { db, keys } = strict.app.docstudio;
      await db
        .updateTable('workflows')
        .set({ callback: sealCallback(keys, workflow.Id, { Url: receiver.url, Secret: OWN_SECRET }) })
        .where('id', '=', workflow.Id)
        .execute();
      const run = await runToEnd(strict, workflow.Id);
      expect(run.status).toBe(200);
      const until = Date.now() + 10_000;
      const refusal = () =>
        lines
          .map((line) => JSON.parse(line) as Record<string, unknown>)
          .find((line) => line.runId === run.jobId);
      while (!refusal() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(refusal()?.msg).toBe('workflow callback refused by the SSRF guard');
      expect(receiver.received).toHaveLength(0);
    } finally {
      await strict.close();
      await receiver.close();
    }
  }, 60_000);
});
