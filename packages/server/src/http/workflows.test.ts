/**
 * Workflow CRUD over real HTTP: both body spellings, validation texts, anonymous tokens refused on
 * every workflow route, and isolation between two signed-in users (workflows, runs and run history).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let alice: string;
let bob: string;

beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = [await server.accountToken(), await server.accountToken()];
});
afterAll(async () => server.close());

const call = (token: string, method: string, path: string, body?: unknown) =>
  fetch(`${server.apiUrl}/workflows/${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

interface Workflow {
  Id: string;
  Title: string;
  Steps: Array<{ Order: number; Endpoint: string; Parameters: Record<string, string>; OnError: string }>;
  CreatedAt: string;
  UpdatedAt: string;
}

describe('workflows', () => {
  it('creates (camelCase), reads, lists, updates (PascalCase) and deletes', async () => {
    const created = await call(alice, 'POST', 'create', {
      name: 'Invoice Processing',
      steps: [
        {
          order: 2,
          endpoint: 'pdf/to/compress',
          parameters: { Preset: 'web', Blank: '  ' },
          onError: 'stop',
        },
        { order: 1, endpoint: 'office/to/pdf', parameters: {}, onError: 'stop' },
      ],
    });
    expect(created.status).toBe(200);
    const workflow = (await created.json()) as Workflow;
    expect(workflow.Id).toMatch(/^[0-9a-f-]{36}$/);
    expect(workflow.Title).toBe('Invoice Processing');
    expect(workflow.Steps.map((step) => step.Endpoint)).toEqual(['office/to/pdf', 'pdf/to/compress']);
    expect(workflow.Steps[1]?.Parameters).toEqual({ Preset: 'web' });
    expect(Date.parse(workflow.CreatedAt)).not.toBeNaN();

    const read = (await (await call(alice, 'GET', `get/${workflow.Id}`)).json()) as Workflow;
    expect(read).toEqual(workflow);

    const updated = await call(alice, 'PATCH', `update/${workflow.Id}`, {
      Title: 'Invoices v2',
      Steps: [{ Order: 1, Endpoint: 'pdf/merge', Parameters: {}, OnError: 'stop' }],
    });
    expect(updated.status).toBe(200);
    const after = (await updated.json()) as Workflow;
    expect(after.Title).toBe('Invoices v2');
    expect(after.Steps).toHaveLength(1);
    expect(after.CreatedAt).toBe(workflow.CreatedAt);

    const list = (await (await call(alice, 'GET', 'get-all')).json()) as Workflow[];
    expect(list.map((item) => item.Id)).toContain(workflow.Id);

    expect((await call(alice, 'DELETE', `delete/${workflow.Id}`)).status).toBe(200);
    expect((await call(alice, 'GET', `get/${workflow.Id}`)).status).toBe(404);
  });

  it('answers 400 with the studio texts for a blank name, no steps and a bad endpoint', async () => {
    const response = await call(alice, 'POST', 'create', { title: '  ', steps: [] });
    expect(response.status).toBe(400);
    expect(
      ((await response.json()) as { InvalidParameters: Record<string, string[]> }).InvalidParameters,
    ).toEqual({
      Title: ['Workflow name is required'],
      Steps: ['At least one step is required'],
    });
    const bad = await call(alice, 'POST', 'create', {
      title: 'x',
      steps: [{ order: 1, endpoint: 'compress', parameters: {} }],
    });
    expect(
      ((await bad.json()) as { InvalidParameters: { Steps: string[] } }).InvalidParameters.Steps,
    ).toEqual(['Step 1: Invalid endpoint format']);
  });

  it('keeps each user to their own workflows', async () => {
    const mine = (await (
      await call(alice, 'POST', 'create', {
        Title: 'Alice only',
        Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' }, OnError: 'stop' }],
      })
    ).json()) as Workflow;
    expect((await call(bob, 'GET', `get/${mine.Id}`)).status).toBe(404);
    expect(
      (
        await call(bob, 'PATCH', `update/${mine.Id}`, {
          Title: 'stolen',
          Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate' }],
        })
      ).status,
    ).toBe(404);
    expect((await call(bob, 'DELETE', `delete/${mine.Id}`)).status).toBe(404);
    const bobs = (await (await call(bob, 'GET', 'get-all')).json()) as Workflow[];
    expect(bobs).toEqual([]);
    const still = (await (await call(alice, 'GET', `get/${mine.Id}`)).json()) as Workflow;
    expect(still.Title).toBe('Alice only');
    expect((await fetch(`${server.apiUrl}/workflows/get-all`)).status).toBe(401);
  });

  it("keeps each user from running another's workflow and from reading their runs", async () => {
    const mine = (await (
      await call(alice, 'POST', 'create', {
        Title: 'Alice rotates',
        Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' }, OnError: 'stop' }],
      })
    ).json()) as Workflow;
    const runAs = async (token: string) => {
      const form = new FormData();
      form.append('File', new Blob([await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`)]), 'crazyones.pdf');
      return fetch(`${server.apiUrl}/workflows/run/${mine.Id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
    };
    const stolen = await runAs(bob);
    expect(stolen.status).toBe(404);
    const started = await runAs(alice);
    expect(started.status).toBe(202);
    const { JobId } = (await started.json()) as { JobId: string };

    type Runs = { Runs: Array<{ RunId: string; WorkflowId: string }> };
    const runsOf = async (token: string, query = '') =>
      (await (await call(token, 'GET', `runs${query}`)).json()) as Runs;
    expect((await runsOf(alice, `?workflowId=${mine.Id}`)).Runs.map((run) => run.RunId)).toEqual([JobId]);
    expect((await runsOf(alice)).Runs.map((run) => run.RunId)).toContain(JobId);
    // Bob names Alice's workflow, or asks for all runs: nothing of hers either way.
    expect(await runsOf(bob, `?workflowId=${mine.Id}`)).toEqual({ Runs: [] });
    expect(await runsOf(bob)).toEqual({ Runs: [] });
    // Nor her job's answer.
    const job = await fetch(`${server.apiUrl}/job/${JobId}`, { headers: { authorization: `Bearer ${bob}` } });
    expect(job.status).toBe(404);
  }, 60_000);
});

describe('anonymous tokens', () => {
  it('get 401 on every workflow route, with the reason; a signed-in token works', async () => {
    const visitor = await server.anonymousToken();
    const owned = (await (
      await call(alice, 'POST', 'create', {
        Title: 'Signed in',
        Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' }, OnError: 'stop' }],
      })
    ).json()) as Workflow;
    const body = { Title: 'Visitor', Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate', Parameters: {} }] };
    const routes: Array<[string, string, unknown?]> = [
      ['POST', 'create', body],
      ['GET', 'get-all'],
      ['GET', `get/${owned.Id}`],
      ['PATCH', `update/${owned.Id}`, body],
      ['DELETE', `delete/${owned.Id}`],
      ['POST', `run/${owned.Id}`, { File: 'x' }],
      ['GET', 'runs'],
      ['GET', `runs?workflowId=${owned.Id}`],
    ];
    for (const [method, path, sent] of routes) {
      const answer = await call(visitor, method, path, sent);
      expect(answer.status, `${method} ${path}`).toBe(401);
      const error = (await answer.json()) as { Code: number; Message: string };
      expect(error.Code).toBe(4010);
      expect(error.Message).toMatch(/^Sign in required: workflows need a signed-in account\./);
    }
    // Nothing of the above happened: the workflow is still there, unchanged, for its owner.
    const kept = await call(alice, 'GET', `get/${owned.Id}`);
    expect(kept.status).toBe(200);
    expect(((await kept.json()) as Workflow).Title).toBe('Signed in');
    expect((await call(alice, 'GET', 'runs')).status).toBe(200);
  });
});
