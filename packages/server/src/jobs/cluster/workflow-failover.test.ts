/**
 * Workflow runs survive their API node, on the cluster as a deployment runs it (Redis, PostgreSQL,
 * two API nodes and two workers from the compiled server, all real). A 3-step run (rotate → PDF to
 * JPG on slow pages → images to PDF) is started on API node 1; node 1 is killed (`kill -9`) while
 * step 2 runs, and API node 2 adopts the run once its lease runs out and finishes it: GET job and
 * GET workflows/runs on node 2 show it succeeded, its result downloads from node 2 and is the whole
 * chain's work (pdfinfo: 4 pages; qpdf: a valid PDF), and the webhook arrives once. A node that was
 * only frozen (SIGSTOP) during step 2 and wakes after node 2 took the run over finishes its step
 * twice over nothing: the webhook still arrives once, under the run's one delivery id.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterAnswer, download, jobWhenEnded } from '../../testing/cluster-client';
import { CORPUS_DIR } from '../../testing/corpus';
import { type LocalCluster, startLocalCluster } from '../../testing/local-cluster';
import { pageCount, run } from '../../testing/pdf-tools';
import type { ServerProcess } from '../../testing/server-process';
import { SignInBrowser, signUp } from '../../testing/sign-in-browser';
import { writeSlowToRenderPdf } from '../../testing/slow-render-pdf';
import { startWebhookReceiver, type WebhookReceiver } from '../../testing/webhook-receiver';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
const scratch = join(tmpdir(), `docstudio-workflow-failover-${process.pid}`);
const slowPage = join(scratch, 'slow-page.pdf');
const slowPdf = join(scratch, 'slow.pdf');
const SLOW_PAGES = 4;
/** Short, so a test waits seconds, not the default half minute, for a lease to run out. */
const LEASE_SECONDS = 3;

let cluster: LocalCluster;
let receiver: WebhookReceiver;

const baseOf = (node: ServerProcess): string => node.apiUrl.replace(/\/api$/, '');

async function call(node: ServerProcess, token: string, path: string, init: RequestInit = {}) {
  const response = await fetch(`${node.apiUrl}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: await response.json().catch(() => undefined) } as ClusterAnswer;
}

/** A new account's token and its 3-step workflow (with the receiver as its webhook). */
async function accountWithWorkflow(node: ServerProcess): Promise<{ token: string; workflowId: string }> {
  const base = baseOf(node);
  const email = `failover-${Date.now()}@example.com`;
  const token = await signUp(new SignInBrowser(base), base, email, 'Quay-Lantern-4471');
  const created = await call(node, token, '/workflows/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Title: 'Failover',
      CallbackUrl: receiver.url,
      CallbackSecret: 'failover-secret-0123456789',
      Steps: [
        { Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' }, OnError: 'stop' },
        { Order: 2, Endpoint: 'pdf/to/jpg', Parameters: { Dpi: '150' }, OnError: 'stop' },
        { Order: 3, Endpoint: 'images/to/pdf', Parameters: {}, OnError: 'stop' },
      ],
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return { token, workflowId: created.body.Id as string };
}

async function startRun(node: ServerProcess, token: string, workflowId: string): Promise<string> {
  const form = new FormData();
  form.append('File', new Blob([await readFile(slowPdf)]), 'slow.pdf');
  const started = await call(node, token, `/workflows/run/${workflowId}`, { method: 'POST', body: form });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return started.body.JobId as string;
}

interface RunEntry {
  RunId: string;
  Status: string;
  Steps: Array<{ Tool: string; Status: string }>;
  Files?: Array<{ FileId: string; FileName: string }>;
}

async function runOn(node: ServerProcess, token: string, runId: string): Promise<RunEntry | undefined> {
  const answer = await call(node, token, '/workflows/runs');
  return (answer.body?.Runs as RunEntry[] | undefined)?.find((entry) => entry.RunId === runId);
}

/** Waits (reading node's history) until step 2 of the run is running: never an endless wait. */
async function untilStepTwoRuns(node: ServerProcess, token: string, runId: string): Promise<void> {
  for (let look = 0; look < 1200; look += 1) {
    const entry = await runOn(node, token, runId);
    if (entry?.Steps[1]?.Status === 'running') return;
    expect(entry?.Status).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('step 2 never started');
}

/** The run ended on `node`: job answer, history and the result (pdfinfo, qpdf --check) downloaded there. */
async function expectFinishedOn(node: ServerProcess, token: string, runId: string, name: string) {
  const ended = await jobWhenEnded(node.apiUrl, runId, token);
  expect(ended.status, JSON.stringify(ended.body)).toBe(200);
  expect(ended.body.Steps.map((step: { Status: string }) => step.Status)).toEqual([
    'Completed',
    'Completed',
    'Completed',
  ]);
  const [result] = ended.body.Files;
  const file = await download(`${node.apiUrl}/d/${result.FileId}/${result.FileName}`);
  expect(file.status).toBe(200);
  const path = join(scratch, name);
  await writeFile(path, file.bytes);
  // One page per JPG of step 2: the whole chain ran, not step 1 alone.
  expect(await pageCount(path)).toBe(SLOW_PAGES);
  await run('qpdf', ['--check', path]);
  const entry = await runOn(node, token, runId);
  expect(entry?.Status).toBe('succeeded');
  expect(entry?.Steps.map((step) => step.Status)).toEqual(['completed', 'completed', 'completed']);
  expect(entry?.Files?.map((entry) => entry.FileId)).toEqual([result.FileId]);
}

/**
 * The webhook deliveries of one run, once the first has come and a while has passed for a second,
 * doubled one to show up (a settling pause before counting, not a timed assertion).
 */
async function deliveriesOf(runId: string) {
  const ofRun = () => receiver.received.filter((delivery) => JSON.parse(delivery.body).RunId === runId);
  for (let look = 0; look < 600 && ofRun().length === 0; look += 1)
    await new Promise((resolve) => setTimeout(resolve, 100));
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  return ofRun();
}

beforeAll(async () => {
  await mkdir(scratch, { recursive: true });
  await writeSlowToRenderPdf(slowPage);
  await run('qpdf', ['--empty', '--pages', ...Array(SLOW_PAGES).fill(slowPage), '--', slowPdf]);
  expect(await pageCount(crazyones)).toBeGreaterThan(0);
  receiver = await startWebhookReceiver();
  cluster = await startLocalCluster({
    apiNodes: 2,
    workers: 2,
    env: { WORKFLOW_LEASE_SECONDS: String(LEASE_SECONDS), SSRF_ALLOWED_ORIGINS: receiver.origin },
  });
}, 240_000);

afterAll(async () => {
  // A frozen node must be woken to stop.
  for (const node of cluster?.apis ?? []) node.child.kill('SIGCONT');
  await cluster?.stop();
  await receiver?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('a workflow run whose API node stops', () => {
  it('is finished by API node 2 when node 1 is killed (kill -9) during step 2', async () => {
    const [node1, node2] = cluster.apis as [ServerProcess, ServerProcess];
    const { token, workflowId } = await accountWithWorkflow(node1);
    const runId = await startRun(node1, token, workflowId);
    await untilStepTwoRuns(node2, token, runId);
    node1.child.kill('SIGKILL');
    await node1.exited;

    await expectFinishedOn(node2, token, runId, 'after-kill.pdf');
    const deliveries = await deliveriesOf(runId);
    expect(deliveries).toHaveLength(1);
    expect(JSON.parse(deliveries[0]?.body ?? '{}')).toMatchObject({ Status: 'succeeded', RunId: runId });
    cluster.apis = [node2, await cluster.startNode('api')];
  }, 300_000);

  it('sends its webhook once when the frozen node wakes after the other node took the run over', async () => {
    const [node1, node2] = cluster.apis as [ServerProcess, ServerProcess];
    const { token, workflowId } = await accountWithWorkflow(node1);
    const runId = await startRun(node1, token, workflowId);
    await untilStepTwoRuns(node2, token, runId);
    node1.child.kill('SIGSTOP');
    try {
      await expectFinishedOn(node2, token, runId, 'after-freeze.pdf');
    } finally {
      node1.child.kill('SIGCONT');
    }
    // Node 1 wakes with its step 2 still going: it finishes it, finds the run taken over, and stops.
    const deliveries = await deliveriesOf(runId);
    expect(deliveries).toHaveLength(1);
    const again = await jobWhenEnded(node1.apiUrl, runId, token);
    expect(again.status).toBe(200);
    await expectFinishedOn(node1, token, runId, 'read-on-node-1.pdf');
  }, 300_000);
});
