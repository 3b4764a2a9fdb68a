/**
 * Workflow passwords over real HTTP: never in the JSON of create/get/get-all/update nor in the raw
 * database bytes; the marker sent back keeps the stored value (also after a reorder), a new value
 * replaces it, a blank removes it; a server-side run protects with the stored password (qpdf checks).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { databaseFilesHolding } from '../testing/database-bytes';
import { startTestServer, type TestAnswerBody, type TestServer } from '../testing/test-server';

const USER_PASSWORD = 'Tulip-Orbit-5521';
const OWNER_PASSWORD = 'Granite-Owl-7734';
const OPEN_PASSWORD = 'Marble-Fjord-9902';
const UNLOCK_PASSWORD = 'Copper-Kite-3318';
const SECRETS = [USER_PASSWORD, OWNER_PASSWORD, OPEN_PASSWORD, UNLOCK_PASSWORD];

let server: TestServer;
let scratch: string;
beforeAll(async () => {
  server = await startTestServer();
  // Workflows are a signed-in account's: every request of this file sends its token.
  await server.signIn();
  scratch = await mkdtemp(join(tmpdir(), 'workflow-secrets-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

interface StepJson {
  Order: number;
  Endpoint: string;
  Parameters: Record<string, unknown>;
  OnError: string;
}
interface WorkflowJson {
  Id: string;
  Title: string;
  Steps: StepJson[];
}

async function call(method: string, path: string, body?: unknown): Promise<{ status: number; text: string }> {
  const answer = await server.request(`/api/workflows/${path}`, {
    method,
    ...(body ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) } : {}),
  });
  return { status: answer.status, text: await answer.text() };
}

const expectNoSecret = (text: string) => {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
};

async function runOn(id: string): Promise<{ status: number; body: TestAnswerBody }> {
  const form = new FormData();
  form.append('File', new Blob([await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`)]), 'crazyones.pdf');
  const started = await server.request(`/api/workflows/run/${id}`, { method: 'POST', body: form });
  const body = (await started.json()) as TestAnswerBody;
  if (started.status !== 202) return { status: started.status, body };
  for (;;) {
    const job = await server.request(`/api/job/${body.JobId}`);
    if (job.status !== 202) return { status: job.status, body: (await job.json()) as TestAnswerBody };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs the workflow and saves its one result PDF. */
async function runToPdf(id: string): Promise<string> {
  const run = await runOn(id);
  expect(run.status, JSON.stringify(run.body)).toBe(200);
  const file = run.body.Files?.[0];
  if (!file) throw new Error('no result');
  return server.saveResult(file, await mkdtemp(join(scratch, 'run-')));
}

const requiresPassword = (path: string) => spawnSync('qpdf', ['--requires-password', path]).status === 0;
const opensWith = (path: string, password: string) =>
  spawnSync('qpdf', [`--password=${password}`, '--check', path]).status === 0;

describe('workflow secrets', () => {
  let workflow: WorkflowJson;

  beforeAll(async () => {
    const created = await call('POST', 'create', {
      name: 'Lock it',
      steps: [
        { order: 1, endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' }, onError: 'stop' },
        {
          order: 2,
          endpoint: 'pdf/to/protect',
          parameters: { UserPassword: USER_PASSWORD, OwnerPassword: OWNER_PASSWORD },
          onError: 'stop',
        },
      ],
    });
    expect(created.status).toBe(200);
    expectNoSecret(created.text);
    workflow = JSON.parse(created.text) as WorkflowJson;
    // Two more workflows carry the other password options of the catalogue.
    for (const [endpoint, parameters] of [
      ['office/to/pdf', { DocumentOpenPassword: OPEN_PASSWORD }],
      ['pdf/to/unprotect', { Password: UNLOCK_PASSWORD }],
    ] as const) {
      const other = await call('POST', 'create', {
        name: endpoint,
        steps: [{ order: 1, endpoint, parameters }],
      });
      expect(other.status).toBe(200);
      expectNoSecret(other.text);
    }
  });

  it('answers a marker, never the value, from create, get and get-all', async () => {
    expect(workflow.Steps[1]?.Parameters).toEqual({
      UserPassword: { Set: true, Step: 2 },
      OwnerPassword: { Set: true, Step: 2 },
    });
    expect(workflow.Steps[0]?.Parameters).toEqual({ RotatePage: '90' });
    const read = await call('GET', `get/${workflow.Id}`);
    expect(JSON.parse(read.text)).toEqual(workflow);
    const all = await call('GET', 'get-all');
    expect(all.status).toBe(200);
    expect(all.text).toContain('"DocumentOpenPassword":{"Set":true,"Step":1}');
    expect(all.text).toContain('"Password":{"Set":true,"Step":1}');
    expectNoSecret(all.text);
  });

  it('keeps no password in clear in the database', async () => {
    for (const secret of SECRETS) expect(await databaseFilesHolding(server.dataDir, secret)).toEqual([]);
  });

  it('runs server-side with the stored password', async () => {
    const pdf = await runToPdf(workflow.Id);
    expect(requiresPassword(pdf)).toBe(true);
    expect(opensWith(pdf, USER_PASSWORD)).toBe(true);
    expect(opensWith(pdf, OWNER_PASSWORD)).toBe(true);
    expect(opensWith(pdf, 'wrong-password')).toBe(false);
  }, 120_000);

  it('keeps the stored password when the marker comes back, also after the steps moved', async () => {
    // The answer sent back as it came, with a new title: nothing else changes.
    const same = await call('PATCH', `update/${workflow.Id}`, { ...workflow, Title: 'Lock it again' });
    expect(same.status).toBe(200);
    expectNoSecret(same.text);
    // The rotate step removed: protect is now step 1, its marker still names stored step 2.
    const protect = workflow.Steps[1] as StepJson;
    const moved = await call('PATCH', `update/${workflow.Id}`, {
      Title: 'Only lock',
      Steps: [{ ...protect, Order: 1 }],
    });
    expect(moved.status).toBe(200);
    const after = JSON.parse(moved.text) as WorkflowJson;
    expect(after.Steps).toHaveLength(1);
    expect(after.Steps[0]?.Parameters.UserPassword).toEqual({ Set: true, Step: 1 });
    const pdf = await runToPdf(workflow.Id);
    expect(opensWith(pdf, USER_PASSWORD)).toBe(true);
    expect(opensWith(pdf, OWNER_PASSWORD)).toBe(true);
    workflow = after;
  }, 120_000);

  it('replaces the password with a new value and removes it with a blank', async () => {
    const step = workflow.Steps[0] as StepJson;
    const replaced = await call('PATCH', `update/${workflow.Id}`, {
      Title: 'New lock',
      Steps: [
        {
          ...step,
          Parameters: { UserPassword: 'Fresh-Pine-1207', OwnerPassword: step.Parameters.OwnerPassword },
        },
      ],
    });
    expect(replaced.status).toBe(200);
    expect(replaced.text).not.toContain('Fresh-Pine-1207');
    const pdf = await runToPdf(workflow.Id);
    expect(opensWith(pdf, 'Fresh-Pine-1207')).toBe(true);
    expect(opensWith(pdf, USER_PASSWORD)).toBe(false);
    expect(opensWith(pdf, OWNER_PASSWORD)).toBe(true);

    const blanked = await call('PATCH', `update/${workflow.Id}`, {
      Title: 'No lock',
      Steps: [{ ...step, Parameters: { UserPassword: '', OwnerPassword: step.Parameters.OwnerPassword } }],
    });
    expect(blanked.status).toBe(200);
    expect((JSON.parse(blanked.text) as WorkflowJson).Steps[0]?.Parameters).toEqual({
      OwnerPassword: { Set: true, Step: 1 },
    });
    const run = await runOn(workflow.Id);
    expect(run.status).toBe(400);
    expect(run.body.InvalidParameters?.['Steps[1].UserPassword']).toEqual([
      'Please enter a password to protect the PDF.',
    ]);
  }, 120_000);

  it('refuses a marker that points at no stored value', async () => {
    const created = await call('POST', 'create', {
      name: 'Copied',
      steps: [{ order: 1, endpoint: 'pdf/to/protect', parameters: { UserPassword: { Set: true, Step: 1 } } }],
    });
    expect(created.status).toBe(400);
    expect(JSON.parse(created.text).InvalidParameters).toEqual({
      'Steps[1].UserPassword': ['Step 1: there is no stored UserPassword to keep; enter it again.'],
    });
    const wrongStep = await call('PATCH', `update/${workflow.Id}`, {
      Title: 'Wrong',
      Steps: [{ Order: 1, Endpoint: 'pdf/to/protect', Parameters: { UserPassword: { Set: true, Step: 7 } } }],
    });
    expect(wrongStep.status).toBe(400);
  });
});
