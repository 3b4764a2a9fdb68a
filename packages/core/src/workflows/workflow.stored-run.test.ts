/**
 * Server-side runs of saved workflows over a real socket (the fake provider): the run route, job
 * polling, the run history for per-step states, the fallback to browser chaining, and finding a run
 * again after the page was closed. Run and job answers are scripted with the fake's canned answers.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { ConversionClient } from '../api/conversion.client';
import { corpusBytes, useFakeProvider } from '../api/fake-provider.hooks';
import type { FakeProvider } from '../api/fake-provider.server';
import { MemoryStorage } from '../auth/memory.storage';
import { findLastRun } from './workflow.last-run';
import { makeStep } from './workflow.mapping';
import { RunMemory } from './workflow.run-memory';
import { WorkflowService } from './workflow.service';
import { followRun, runStoredWorkflow } from './workflow.stored-run';
import type { StepRunState, Workflow } from './workflow.types';

const pdf = () => new File([corpusBytes('pdf/crazyones.pdf')], 'crazyones.pdf', { type: 'application/pdf' });

let provider: FakeProvider;
let client: ConversionClient;
let service: WorkflowService;
let memory: RunMemory;
useFakeProvider((started) => {
  provider = started;
});
beforeEach(() => {
  client = new ConversionClient({ apiUrl: provider.url, token: 'tok' });
  service = new WorkflowService({ apiUrl: provider.url, token: 'tok' });
  memory = new RunMemory(new MemoryStorage());
});

const workflow: Workflow = {
  id: 'wf-1',
  name: 'Protect flow',
  steps: [
    makeStep('pdf/to/rotate', { RotatePage: '90' }, 1),
    makeStep('pdf/to/compress', { Preset: 'web' }, 2),
    makeStep('pdf/to/protect', { UserPassword: 'secret' }, 3),
  ],
};

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const resultFile = {
  FileName: 'crazyones.pdf',
  FileSize: 2048,
  FileId: 'out-1',
  Url: 'https://files.example.test/d/out-1/crazyones.pdf',
};
const finished = json(200, {
  Files: [resultFile],
  Steps: [1, 2, 3].map((Order) => ({ Order, Status: 'Completed', Conversions: 1 })),
});
const runRecord = (Status: string, steps: string[], extra: Record<string, unknown> = {}) => ({
  RunId: 'job-1',
  WorkflowId: 'wf-1',
  Status,
  StartedAt: '2025-01-02T10:00:00.000Z',
  Steps: steps.map((status, i) => ({ Tool: workflow.steps[i]?.endpoint, Status: status })),
  ...extra,
});
const statuses = (steps: readonly StepRunState[]) => steps.map((step) => step.status);
const paths = () => provider.requests.map((request) => `${request.method} ${request.path}`);

describe('runStoredWorkflow', () => {
  it('starts one server job, remembers it, reads step states from the run history and ends with its files', async () => {
    provider.answerNext('/workflows/run/', json(202, { JobId: 'job-1' }));
    provider.answerNext('/job/job-1', json(202, { JobId: 'job-1', Status: 'Running' }));
    provider.answerNext(
      '/workflows/runs',
      json(200, { Runs: [runRecord('running', ['succeeded', 'running', 'pending'])] }),
    );
    provider.answerNext('/job/job-1', finished);
    const seen: string[][] = [];
    const messages: string[] = [];
    const result = await runStoredWorkflow(
      workflow,
      { files: [pdf()] },
      {
        client,
        service,
        memory,
        pollIntervalMs: 5,
        onStepsChange: (steps) => seen.push(statuses(steps)),
        onMessage: (message) => messages.push(message),
      },
    );
    expect(result.status).toBe('completed');
    expect(result.files.map((file) => file.fileName)).toEqual(['crazyones.pdf']);
    expect(paths()).toEqual([
      'POST /workflows/run/wf-1',
      'GET /job/job-1',
      'GET /workflows/runs',
      'GET /job/job-1',
    ]);
    expect(provider.requests[0]?.fields.map((field) => field.name)).toEqual(['File']);
    expect(seen).toContainEqual(['completed', 'running', 'pending']);
    expect(seen.at(-1)).toEqual(['completed', 'completed', 'completed']);
    expect(messages).toEqual([
      'Step 1: Rotate PDF completed',
      'Step 2: Compress PDF completed',
      'Step 3: Protect PDF completed',
      'Workflow completed successfully!',
    ]);
    expect(result.progress).toBe(100);
    expect(memory.recall('wf-1')).toMatchObject({ workflowId: 'wf-1', jobId: 'job-1' });
  });

  it("a job stopped at step 2 shows 'Step 2 failed: {reason}'; step 3 stays pending", async () => {
    provider.answerNext('/workflows/run/', json(202, { JobId: 'job-2' }));
    provider.answerNext(
      '/job/job-2',
      json(422, { Code: 4220, Message: 'Step 2 failed: The file is damaged' }),
    );
    const result = await runStoredWorkflow(workflow, { files: [pdf()] }, { client, service, memory });
    expect(result.status).toBe('failed');
    expect(statuses(result.steps)).toEqual(['completed', 'error', 'pending']);
    expect(result.steps[1]?.error).toBe('Step 2 failed: The file is damaged');
    expect(result.errors).toEqual(['Step 2 failed: The file is damaged', 'Workflow execution failed']);
    expect(result.progress).toBe(33);
  });

  it('a server without the run route (404) gets the steps chained from the browser', async () => {
    const result = await runStoredWorkflow(workflow, { files: [pdf()] }, { client, service, memory });
    expect(result.status).toBe('completed');
    expect(paths()).toEqual([
      'POST /workflows/run/wf-1',
      'POST /convert/pdf/to/rotate',
      'POST /convert/pdf/to/compress',
      'POST /convert/pdf/to/protect',
    ]);
    expect(memory.recall('wf-1')).toBeUndefined();
  });

  it('a password kept by the server cannot run in the browser: a missing route is a failure', async () => {
    const held: Workflow = {
      ...workflow,
      steps: [makeStep('pdf/to/protect', {}, 1, 'stop', { UserPassword: { Set: true, Step: 1 } })],
    };
    const result = await runStoredWorkflow(held, { files: [pdf()] }, { client, service, memory });
    expect(result.status).toBe('failed');
    expect(result.errors[0]).toMatch(/^Step 1 failed: /);
    expect(paths()).toEqual(['POST /workflows/run/wf-1']);
  });
});

describe('findLastRun and followRun (a page opened again)', () => {
  it('shows the newest run of the history: failed steps with their reason, later steps pending', async () => {
    provider.answerNext(
      '/workflows/runs',
      json(200, {
        Runs: [
          runRecord('succeeded', ['succeeded', 'succeeded', 'succeeded'], {
            RunId: 'older',
            StartedAt: '2025-01-01T10:00:00.000Z',
          }),
          {
            ...runRecord('failed', ['succeeded', 'failed', 'pending']),
            Steps: [
              { Tool: 'pdf/to/rotate', Status: 'succeeded' },
              { Tool: 'pdf/to/compress', Status: 'failed', Error: 'The file is damaged' },
              { Tool: 'pdf/to/protect', Status: 'pending' },
            ],
            EndedAt: '2025-01-02T10:01:00.000Z',
          },
        ],
      }),
    );
    const last = await findLastRun(workflow, { client, service, memory });
    expect(provider.requests[0]?.path).toBe('/workflows/runs');
    expect(last).toMatchObject({
      status: 'failed',
      runId: 'job-1',
      startedAt: '2025-01-02T10:00:00.000Z',
      endedAt: '2025-01-02T10:01:00.000Z',
      errors: ['Step 2 failed: The file is damaged', 'Workflow execution failed'],
      progress: 33,
    });
    expect(statuses(last?.steps ?? [])).toEqual(['completed', 'error', 'pending']);
  });

  it('without a run history, the remembered job is polled again until it ends', async () => {
    memory.remember({ workflowId: 'wf-1', jobId: 'job-9', startedAt: '2025-01-02T10:00:00.000Z' });
    provider.answerNext('/job/job-9', json(202, { JobId: 'job-9', Status: 'Running' }));
    const last = await findLastRun(workflow, { client, service, memory });
    expect(last).toMatchObject({ status: 'running', jobId: 'job-9', startedAt: '2025-01-02T10:00:00.000Z' });
    expect(statuses(last?.steps ?? [])).toEqual(['running', 'pending', 'pending']);

    provider.answerNext('/job/job-9', finished);
    const messages: string[] = [];
    const result = await followRun(workflow, last!, {
      client,
      service,
      memory,
      pollIntervalMs: 5,
      onMessage: (message) => messages.push(message),
    });
    expect(result.status).toBe('completed');
    expect(result.files[0]?.url).toBe(resultFile.Url);
    expect(messages.at(-1)).toBe('Workflow completed successfully!');
  });

  it('a remembered job the server no longer knows (404) is forgotten, and nothing is shown', async () => {
    memory.remember({ workflowId: 'wf-1', jobId: 'gone', startedAt: '' });
    provider.answerNext('/job/gone', json(404, { Code: 4040, Message: 'There is no such job.' }));
    expect(await findLastRun(workflow, { client, service, memory })).toBeNull();
    expect(memory.recall('wf-1')).toBeUndefined();
  });

  it('a run listed as running with no job known here is followed through the history', async () => {
    provider.answerNext(
      '/workflows/runs',
      json(200, { Runs: [runRecord('running', ['succeeded', 'pending', 'pending'])] }),
    );
    const last = await findLastRun(workflow, { client, service, memory });
    expect(last?.jobId).toBeUndefined();
    expect(statuses(last?.steps ?? [])).toEqual(['completed', 'running', 'pending']);
    provider.answerNext(
      '/workflows/runs',
      json(200, {
        Runs: [runRecord('succeeded', ['succeeded', 'succeeded', 'succeeded'], { Files: [resultFile] })],
      }),
    );
    const result = await followRun(workflow, last!, { client, service, memory, pollIntervalMs: 5 });
    expect(result.status).toBe('completed');
    expect(result.files.map((file) => file.fileId)).toEqual(['out-1']);
    expect(statuses(result.steps)).toEqual(['completed', 'completed', 'completed']);
  });
});

describe('RunMemory', () => {
  it('keeps one job per workflow, and a storage that throws is not a failure', () => {
    memory.remember({ workflowId: 'a', jobId: 'j1', startedAt: 't' });
    memory.remember({ workflowId: 'a', jobId: 'j2', startedAt: 't' });
    expect(memory.recall('a')?.jobId).toBe('j2');
    expect(memory.recall('b')).toBeUndefined();
    memory.forget('a');
    expect(memory.recall('a')).toBeUndefined();
    const broken = new MemoryStorage();
    broken.setItem = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    const fragile = new RunMemory(broken);
    expect(() => fragile.remember({ workflowId: 'a', jobId: 'j', startedAt: 't' })).not.toThrow();
    expect(fragile.recall('a')).toBeUndefined();
  });
});
