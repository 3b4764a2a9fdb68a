import { beforeEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../api/conversion.errors';
import { useFakeProvider } from '../api/fake-provider.hooks';
import type { FakeProvider } from '../api/fake-provider.server';
import { WorkflowService, WorkflowServiceError } from './workflow.service';
import type { WorkflowDraft } from './workflow.types';

let provider: FakeProvider;
let service: WorkflowService;
useFakeProvider((started) => {
  provider = started;
});
beforeEach(() => {
  provider.workflows.clear();
  provider.acceptTokens(['good']);
  service = new WorkflowService({ apiUrl: provider.url, token: 'good' });
});

const draft: WorkflowDraft = {
  name: ' Invoice Processing ',
  steps: [
    { endpoint: 'office/to/pdf', parameters: { PdfVersion: '1.7', PageRange: '' } },
    { endpoint: 'pdf/to/compress', parameters: { Preset: 'web' } },
  ],
};

describe('WorkflowService', () => {
  it('create posts the spec body with the bearer token and maps the stored answer', async () => {
    const created = await service.create(draft);
    const request = provider.requests[0]!;
    expect(request).toMatchObject({ method: 'POST', path: '/workflows/create' });
    expect(request.headers.authorization).toBe('Bearer good');
    expect(request.json).toEqual({
      name: 'Invoice Processing',
      steps: [
        { order: 1, endpoint: 'office/to/pdf', parameters: { PdfVersion: '1.7' }, onError: 'stop' },
        { order: 2, endpoint: 'pdf/to/compress', parameters: { Preset: 'web' }, onError: 'stop' },
      ],
    });
    expect(created.id).toMatch(/[0-9a-f-]{36}/);
    expect(created.name).toBe('Invoice Processing');
    expect(created.steps.map((s) => s.toolName)).toEqual(['Office to PDF', 'Compress PDF']);
    expect(created.createdAt).toBeTruthy();
  });

  it('get, getAll, update (PATCH) and delete round-trip', async () => {
    const created = await service.create(draft);
    expect((await service.get(created.id)).steps).toHaveLength(2);
    const updated = await service.update(created.id, { name: 'Renamed', steps: [draft.steps[1]!] });
    expect(provider.requests.at(-1)).toMatchObject({
      method: 'PATCH',
      path: `/workflows/update/${created.id}`,
    });
    expect(updated).toMatchObject({ id: created.id, name: 'Renamed' });
    expect((await service.getAll()).map((w) => w.name)).toEqual(['Renamed']);
    await service.delete(created.id);
    expect(provider.requests.at(-1)).toMatchObject({
      method: 'DELETE',
      path: `/workflows/delete/${created.id}`,
    });
    expect(await service.getAll()).toEqual([]);
  });

  it('failures carry the spec prefix and the response text', async () => {
    await expect(service.get('missing')).rejects.toThrow(
      'Failed to get workflow: Workflow missing not found',
    );
    await expect(service.delete('missing')).rejects.toMatchObject({
      name: 'WorkflowServiceError',
      status: 404,
      message: 'Failed to delete workflow: Workflow missing not found',
    });
    await expect(service.update('missing', draft)).rejects.toThrow('Failed to update workflow: ');
    await expect(service.create({ name: '', steps: [] })).rejects.toThrow(
      'Failed to create workflow: name is required',
    );
    const stranger = new WorkflowService({ apiUrl: provider.url, token: 'bad' });
    await expect(stranger.getAll()).rejects.toThrow('Failed to get workflows: Invalid credentials');
  });

  it('malformed or empty answers are typed errors, not crashes', async () => {
    provider.answerNext('/workflows/get-all', {
      status: 200,
      body: '[{"Id": "a", "Title": "ok"}, {"Title": "no id"}',
    });
    await expect(service.getAll()).rejects.toThrow(
      'Failed to get workflows: the server answer could not be read',
    );
    provider.answerNext('/workflows/get-all', {
      status: 200,
      body: '{"Workflows": [{"Id": "a", "Title": "ok"}, {"Title": "no id"}]}',
    });
    expect((await service.getAll()).map((w) => w.id)).toEqual(['a']);
    provider.answerNext('/workflows/create', { status: 200, body: '{}' });
    await expect(service.create(draft)).rejects.toBeInstanceOf(WorkflowServiceError);
    provider.answerNext('/workflows/get/', { status: 500, statusText: 'Internal Server Error', body: '' });
    await expect(service.get('x')).rejects.toThrow('Failed to get workflow: Internal Server Error');
    await expect(service.get('  ')).rejects.toThrow('Failed to get workflow: missing workflow id');
  });

  it('ids are path-encoded and an unreachable server is a NetworkError', async () => {
    await expect(service.get('../get-all')).rejects.toThrow(/not found/);
    expect(provider.requests.at(-1)!.path).toBe('/workflows/get/..%2Fget-all');
    const offline = new WorkflowService({ apiUrl: 'http://127.0.0.1:9', token: 'good' });
    await expect(offline.getAll()).rejects.toBeInstanceOf(NetworkError);
  });
});
