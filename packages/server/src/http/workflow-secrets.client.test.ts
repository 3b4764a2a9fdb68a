/**
 * The studio's path with core's own clients against the real server: a workflow saved with a
 * password comes back without it (a kept marker), saving it again keeps the password, and core's
 * runner runs it on the server, producing a PDF that opens with that password; a failing step is
 * reported as in a browser run.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConversionClient, runWorkflow, WorkflowService } from '@docstudio/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestServer } from '../testing/test-server';

const PASSWORD = 'Studio-Harbor-4471';

let server: TestServer;
let scratch: string;
let workflows: WorkflowService;
let client: ConversionClient;

beforeAll(async () => {
  server = await startTestServer({ downloadsRequireOwner: true });
  scratch = await mkdtemp(join(tmpdir(), 'workflow-secrets-client-'));
  const token = await server.signIn();
  workflows = new WorkflowService({ apiUrl: server.apiUrl, token });
  client = new ConversionClient({ apiUrl: server.apiUrl, token, fetch: (input, init) => fetch(input, init) });
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

const input = async () => [
  new File([await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`)], 'crazyones.pdf', { type: 'application/pdf' }),
];

describe('core clients and stored passwords', () => {
  it('saves, reloads, saves again and runs on the server with the stored password', async () => {
    const created = await workflows.create({
      name: 'Rotate and lock',
      steps: [
        { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' } },
        { endpoint: 'pdf/to/protect', parameters: { UserPassword: PASSWORD } },
      ],
    });
    expect(created.steps[1]?.parameters.UserPassword).toBe('');
    expect(created.steps[1]?.storedSecrets).toEqual({ UserPassword: { Set: true, Step: 2 } });

    const loaded = await workflows.get(created.id);
    const renamed = await workflows.update(created.id, { name: 'Lock only', steps: loaded.steps.slice(1) });
    expect(renamed.steps).toHaveLength(1);
    expect(JSON.stringify(await workflows.getAll())).not.toContain(PASSWORD);

    const messages: string[] = [];
    const run = await runWorkflow(
      renamed,
      { files: await input() },
      { client, onMessage: (m) => messages.push(m) },
    );
    expect(run.status).toBe('completed');
    expect(run.steps.map((step) => step.status)).toEqual(['completed']);
    expect(messages).toEqual(['Step 1: Protect PDF completed', 'Workflow completed successfully!']);
    // The result's Url is a signed link (DOWNLOADS_REQUIRE_OWNER): the client downloads it as a browser would.
    const file = await client.downloadFile(run.files[0] ?? { url: '', fileName: '' });
    const path = join(scratch, file.name);
    await writeFile(path, Buffer.from(await file.arrayBuffer()));
    expect(spawnSync('qpdf', ['--requires-password', path]).status).toBe(0);
    expect(spawnSync('qpdf', [`--password=${PASSWORD}`, '--check', path]).status).toBe(0);
  }, 120_000);

  it('reports a step the server stopped at as the browser runner does', async () => {
    const created = await workflows.create({
      name: 'Lock twice',
      steps: [
        { endpoint: 'pdf/to/protect', parameters: { UserPassword: PASSWORD } },
        { endpoint: 'pdf/to/rotate', parameters: { RotatePage: '90' } },
      ],
    });
    // Step 2 gets a locked PDF, which qpdf cannot open without the password: 422 Code 5003.
    const run = await runWorkflow(created, { files: await input() }, { client });
    expect(run.status).toBe('failed');
    expect(run.steps.map((step) => step.status)).toEqual(['completed', 'error']);
    expect(run.errors[0]).toMatch(/^Step 2 failed: /);
    expect(run.errors.at(-1)).toBe('Workflow execution failed');
  }, 120_000);
});
