/**
 * The single-process default (SQLite, in-process queue) restarted under a workflow run, for real:
 * the server process is killed (`kill -9`) mid-run and started again on the same data folder.
 * - Killed during step 2 of 3 (rotate → PDF to JPG on slow pages → images to PDF): the new process
 *   continues the run from step 2 at once; GET job and the run history show it succeeded, and the
 *   result is the whole chain's (pdfinfo: one page per JPG; qpdf --check).
 * - Killed during step 1: the request's own files went with the process, so the run fails cleanly:
 *   503 Code 5030 "The run was interrupted before its first step finished …", step 1 'error'.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ClusterAnswer, download, jobWhenEnded } from '../testing/cluster-client';
import { pageCount, run } from '../testing/pdf-tools';
import { type ServerProcess, startServerProcess } from '../testing/server-process';
import { SignInBrowser, signUp } from '../testing/sign-in-browser';
import { writeSlowToRenderPdf } from '../testing/slow-render-pdf';

const SLOW_PAGES = 4;
let scratch: string;
let dataDir: string;
let slowPdf: string;
let server: ServerProcess;
let token: string;

const kill = async (node: ServerProcess): Promise<void> => {
  node.child.kill('SIGKILL');
  await node.exited;
};

async function call(path: string, init: RequestInit = {}): Promise<ClusterAnswer> {
  const response = await fetch(`${server.apiUrl}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    body: await response.json().catch(() => undefined),
  };
}

async function workflowOf(steps: Array<{ Endpoint: string; Parameters?: Record<string, string> }>) {
  const created = await call('/workflows/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      Title: 'Restart',
      Steps: steps.map((step, index) => ({ Order: index + 1, Parameters: {}, OnError: 'stop', ...step })),
    }),
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.Id as string;
}

async function startRun(workflowId: string): Promise<string> {
  const form = new FormData();
  form.append('File', new Blob([await readFile(slowPdf)]), 'slow.pdf');
  const started = await call(`/workflows/run/${workflowId}`, { method: 'POST', body: form });
  expect(started.status, JSON.stringify(started.body)).toBe(202);
  return started.body.JobId as string;
}

interface RunEntry {
  RunId: string;
  Status: string;
  Steps: Array<{ Status: string; Error?: string }>;
}

async function runEntry(runId: string): Promise<RunEntry | undefined> {
  return ((await call('/workflows/runs')).body?.Runs as RunEntry[] | undefined)?.find(
    (entry) => entry.RunId === runId,
  );
}

/** Waits until step `index` (from 0) of the run is running: never an endless wait. */
async function untilStepRuns(runId: string, index: number): Promise<void> {
  for (let look = 0; look < 1200; look += 1) {
    const entry = await runEntry(runId);
    if (entry?.Steps[index]?.Status === 'running') return;
    expect(entry?.Status).toBe('running');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`step ${index + 1} never started`);
}

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'workflow-restart-test-'));
  dataDir = join(scratch, 'data');
  await mkdir(dataDir);
  const slowPage = join(scratch, 'slow-page.pdf');
  slowPdf = join(scratch, 'slow.pdf');
  await writeSlowToRenderPdf(slowPage);
  await run('qpdf', ['--empty', '--pages', ...Array(SLOW_PAGES).fill(slowPage), '--', slowPdf]);
  server = await startServerProcess(dataDir);
  const base = server.apiUrl.replace(/\/api$/, '');
  token = await signUp(new SignInBrowser(base), base, 'restart@example.com', 'Harbour-Lamp-2291');
}, 120_000);

afterAll(async () => {
  if (server && server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await rm(scratch, { recursive: true, force: true });
});

describe('a workflow run when its single server process is killed and started again', () => {
  it('continues from step 2 after a kill -9 during step 2, and succeeds', async () => {
    const workflowId = await workflowOf([
      { Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' } },
      { Endpoint: 'pdf/to/jpg', Parameters: { Dpi: '150' } },
      { Endpoint: 'images/to/pdf' },
    ]);
    const runId = await startRun(workflowId);
    await untilStepRuns(runId, 1);
    await kill(server);
    server = await startServerProcess(dataDir);

    const ended = await jobWhenEnded(server.apiUrl, runId, token);
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect(ended.body.Steps.map((step: { Status: string }) => step.Status)).toEqual([
      'Completed',
      'Completed',
      'Completed',
    ]);
    const [result] = ended.body.Files;
    const file = await download(`${server.apiUrl}/d/${result.FileId}/${result.FileName}`);
    expect(file.status).toBe(200);
    const path = join(scratch, 'resumed.pdf');
    await writeFile(path, file.bytes);
    expect(await pageCount(path)).toBe(SLOW_PAGES);
    await run('qpdf', ['--check', path]);
    const entry = await runEntry(runId);
    expect(entry?.Status).toBe('succeeded');
    expect(entry?.Steps.map((step) => step.Status)).toEqual(['completed', 'completed', 'completed']);
  }, 300_000);

  it('fails cleanly with Code 5030 after a kill -9 during step 1', async () => {
    const workflowId = await workflowOf([
      { Endpoint: 'pdf/to/jpg', Parameters: { Dpi: '150' } },
      { Endpoint: 'images/to/pdf' },
    ]);
    const runId = await startRun(workflowId);
    await untilStepRuns(runId, 0);
    await kill(server);
    server = await startServerProcess(dataDir);

    const ended = await jobWhenEnded(server.apiUrl, runId, token);
    expect(ended.status).toBe(503);
    expect(ended.body).toMatchObject({
      Code: 5030,
      Message: expect.stringContaining(
        'Step 1 failed: The run was interrupted before its first step finished',
      ),
    });
    const entry = await runEntry(runId);
    expect(entry?.Status).toBe('failed');
    expect(entry?.Steps.map((step) => step.Status)).toEqual(['error', 'pending']);
    expect(entry?.Steps[0]?.Error).toContain('interrupted before its first step finished');
  }, 300_000);
});
