/**
 * GET /api/workflows/runs over real HTTP with real engines: a 3-step run (DOCX → PDF → compress →
 * protect) is listed while it goes and when it ends, with its result files (checked with qpdf and
 * pdftotext) until the store drops them; a failing middle step shows step 2 'error' with its reason
 * and step 3 'pending'. core's own parser reads the answers. History limits and the sweep run against
 * the server's real database.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWorkflowRuns } from '@docstudio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { pageText } from '../testing/pdf-tools';
import { startTestServer, type TestAnswerBody, type TestServer } from '../testing/test-server';

const PASSWORD = 'Lantern-Quay-6120';

interface RunJson {
  RunId: string;
  WorkflowId: string;
  Status: string;
  Steps: Array<{ Tool: string; Status: string; Error?: string }>;
  StartedAt: string;
  EndedAt?: string;
  Files?: Array<{ FileName: string; FileSize: number; FileId: string; Url: string }>;
}

let server: TestServer;
let scratch: string;
beforeAll(async () => {
  server = await startTestServer();
  await server.signIn();
  scratch = await mkdtemp(join(tmpdir(), 'workflow-runs-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

async function createWorkflow(steps: Array<{ endpoint: string; parameters?: Record<string, string> }>) {
  const answer = await server.request('/api/workflows/create', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'History test',
      steps: steps.map((step, index) => ({ order: index + 1, parameters: {}, onError: 'stop', ...step })),
    }),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { Id: string }).Id;
}

async function startRun(id: string, path: string): Promise<string> {
  const form = new FormData();
  form.append('File', new Blob([await readFile(path)]), path.split('/').pop());
  const answer = await server.request(`/api/workflows/run/${id}`, { method: 'POST', body: form });
  const body = (await answer.json()) as TestAnswerBody;
  expect(answer.status, JSON.stringify(body)).toBe(202);
  return String(body.JobId);
}

async function runsText(query = ''): Promise<string> {
  const answer = await server.request(`/api/workflows/runs${query}`);
  expect(answer.status).toBe(200);
  return answer.text();
}
const listRuns = async (query = ''): Promise<RunJson[]> =>
  (JSON.parse(await runsText(query)) as { Runs: RunJson[] }).Runs;

async function waitForJob(jobId: string, onPoll?: () => Promise<void>) {
  const until = Date.now() + 120_000;
  for (;;) {
    await onPoll?.();
    const answer = await server.request(`/api/job/${jobId}`);
    const body = (await answer.json()) as TestAnswerBody;
    if (answer.status !== 202 || Date.now() > until) return { status: answer.status, body };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('GET /api/workflows/runs', () => {
  it('follows a 3-step run (office → compress → protect) and lists its files while they are kept', async () => {
    const id = await createWorkflow([
      { endpoint: 'office/to/pdf' },
      { endpoint: 'pdf/to/compress', parameters: { Preset: 'ebook' } },
      { endpoint: 'pdf/to/protect', parameters: { UserPassword: PASSWORD } },
    ]);
    const jobId = await startRun(id, `${CORPUS_DIR}/office/hdr-header-footer.docx`);

    // Listed at once, under its JobId, still running with its last step pending.
    const [first] = await listRuns(`?workflowId=${id}`);
    expect(first).toMatchObject({ RunId: jobId, WorkflowId: id, Status: 'running' });
    expect(first?.Steps.map((step) => step.Tool)).toEqual([
      'office/to/pdf',
      'pdf/to/compress',
      'pdf/to/protect',
    ]);
    expect(first?.Steps[2]).toEqual({ Tool: 'pdf/to/protect', Status: 'pending' });
    expect(first?.EndedAt).toBeUndefined();
    expect(first?.Files).toBeUndefined();

    // While LibreOffice converts, step 1 reads running and the later ones pending.
    const seen: string[] = [];
    const done = await waitForJob(jobId, async () => {
      const [run] = await listRuns(`?workflowId=${id}`);
      if (run?.Status === 'running') seen.push(run.Steps.map((step) => step.Status).join(','));
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(seen).toContain('running,pending,pending');

    const [run] = await listRuns(`?workflowId=${id}`);
    expect(run?.Status).toBe('succeeded');
    expect(run?.Steps).toEqual([
      { Tool: 'office/to/pdf', Status: 'completed' },
      { Tool: 'pdf/to/compress', Status: 'completed' },
      { Tool: 'pdf/to/protect', Status: 'completed' },
    ]);
    expect(Date.parse(run?.EndedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(run?.StartedAt ?? ''));
    const jobFile = done.body.Files?.[0];
    expect(run?.Files).toEqual([
      {
        FileName: jobFile?.FileName,
        FileSize: jobFile?.FileSize,
        FileId: jobFile?.FileId,
        Url: jobFile?.Url,
      },
    ]);
    // The listed Url is the user's result: a password-protected PDF of the document's text.
    const file = run?.Files?.[0];
    if (!file) throw new Error('no file listed');
    const path = await server.saveResult({ ...file, FileExt: 'pdf' }, scratch);
    expect(spawnSync('qpdf', ['--requires-password', path]).status).toBe(0);
    const decrypted = join(scratch, 'decrypted.pdf');
    expect(spawnSync('qpdf', [`--password=${PASSWORD}`, '--decrypt', path, decrypted]).status).toBe(0);
    expect(await pageText(decrypted, 1)).toContain('section with header');

    // The same answer through core's parser, as the studio's runner reads it.
    const parsed = parseWorkflowRuns(await runsText(`?workflowId=${id}`));
    expect(parsed?.[0]).toMatchObject({
      runId: jobId,
      workflowId: id,
      status: 'succeeded',
      steps: [
        { tool: 'office/to/pdf', status: 'completed' },
        { tool: 'pdf/to/compress', status: 'completed' },
        { tool: 'pdf/to/protect', status: 'completed' },
      ],
      files: [{ fileName: file.FileName, fileId: file.FileId, url: file.Url, fileSize: file.FileSize }],
    });

    // Once the store no longer holds the result (retention, or deleted), the run lists no Files.
    expect((await server.request(`/api/d/${file.FileId}`, { method: 'DELETE' })).status).toBe(200);
    const [after] = await listRuns(`?workflowId=${id}`);
    expect(after?.Status).toBe('succeeded');
    expect(after?.Files).toBeUndefined();
  }, 180_000);

  it("shows a failing middle step as 'error' with its reason, and the step after it 'pending'", async () => {
    const id = await createWorkflow([
      { endpoint: 'pdf/to/protect', parameters: { UserPassword: PASSWORD } },
      { endpoint: 'pdf/to/unprotect', parameters: { Password: 'not-the-password' } },
      { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' } },
    ]);
    const jobId = await startRun(id, `${CORPUS_DIR}/pdf/crazyones.pdf`);
    const done = await waitForJob(jobId);
    expect(done.status).toBe(422);
    expect(done.body.Message).toMatch(/^Step 2 failed: /);

    const [run] = await listRuns(`?workflowId=${id}`);
    expect(run).toMatchObject({ RunId: jobId, Status: 'failed' });
    expect(run?.Steps[0]).toEqual({ Tool: 'pdf/to/protect', Status: 'completed' });
    expect(run?.Steps[1]).toMatchObject({ Tool: 'pdf/to/unprotect', Status: 'error' });
    expect(`Step 2 failed: ${run?.Steps[1]?.Error}`).toBe(done.body.Message);
    expect(run?.Steps[1]?.Error).toMatch(/password/i);
    expect(run?.Steps[2]).toEqual({ Tool: 'pdf/to/rotate', Status: 'pending' });
    expect(run?.Files).toBeUndefined();
    expect(run?.EndedAt).toBeDefined();

    // Without workflowId: every run of the caller, newest first.
    const all = await listRuns();
    expect(all[0]?.RunId).toBe(jobId);
    const times = all.map((entry) => Date.parse(entry.StartedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  }, 120_000);

  it('keeps the newest 20 runs of a workflow and sweeps runs past the retention', async () => {
    const { runs } = server.app.docstudio;
    const owner = 'user_history-limit-test';
    const started: string[] = [];
    for (let index = 0; index < 25; index++) {
      const runId = `history-run-${String(index).padStart(2, '0')}-abcdefgh`;
      const run = await runs.start({
        runId,
        ownerId: owner,
        workflowId: 'wf-limit',
        tools: ['pdf/to/rotate'],
      });
      await runs.save({ ...run, Status: 'succeeded', EndedAt: new Date().toISOString() });
      started.push(runId);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
    const kept = await runs.list(owner, 'wf-limit');
    expect(kept.map((run) => run.RunId)).toEqual(started.slice(5).reverse());
    // Another user's runs never show, with or without the workflow named.
    expect(await runs.list('user_someone-else', 'wf-limit')).toEqual([]);

    // A run still going is not swept; finished ones past the retention are.
    const running = await runs.start({
      runId: 'history-run-live-abcdefgh',
      ownerId: owner,
      workflowId: 'wf-limit',
      tools: ['pdf/to/rotate'],
    });
    await runs.sweepFinished(new Date(Date.now() + 1000));
    expect((await runs.list(owner)).map((run) => run.RunId)).toEqual([running.RunId]);
  });
});
