/**
 * Workflow CRUD of the in-test fake provider: stores the spec's request body (name, steps[order,
 * endpoint, parameters, onError]) and answers the stored PascalCase shape. Test-only.
 */
import { randomUUID } from 'node:crypto';

export interface FakeAnswer {
  status: number;
  body?: unknown;
}

type StepBody = { order?: unknown; endpoint?: unknown; parameters?: unknown; onError?: unknown };

const stepsDto = (steps: StepBody[] = []) =>
  steps.map((s) => ({ Order: s.order, Endpoint: s.endpoint, Parameters: s.parameters, OnError: s.onError }));

export function answerWorkflowRoute(
  workflows: Map<string, Record<string, unknown>>,
  method: string,
  path: string,
  json: unknown,
): FakeAnswer {
  const [, , action, id] = path.split('/');
  const now = new Date().toISOString();
  const body = (json ?? {}) as { name?: string; steps?: StepBody[] };
  if (action === 'create' && method === 'POST') {
    if (!body.name) return { status: 400, body: 'name is required' };
    const stored = {
      Id: randomUUID(),
      Title: body.name,
      Steps: stepsDto(body.steps),
      CreatedAt: now,
      UpdatedAt: now,
    };
    workflows.set(stored.Id, stored);
    return { status: 200, body: stored };
  }
  if (action === 'get-all' && method === 'GET') return { status: 200, body: [...workflows.values()] };
  const stored = id ? workflows.get(decodeURIComponent(id)) : undefined;
  if (!stored) return { status: 404, body: `Workflow ${decodeURIComponent(id ?? '')} not found` };
  if (action === 'get' && method === 'GET') return { status: 200, body: stored };
  if (action === 'update' && method === 'PATCH') {
    Object.assign(stored, { Title: body.name ?? stored.Title, Steps: stepsDto(body.steps), UpdatedAt: now });
    return { status: 200, body: stored };
  }
  if (action === 'delete' && method === 'DELETE') {
    workflows.delete(decodeURIComponent(id as string));
    return { status: 204 };
  }
  return { status: 405, body: 'Method not allowed' };
}
