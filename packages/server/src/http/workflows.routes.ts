/**
 * Workflow CRUD: each workflow belongs to the token's subject; another user's id reads as unknown.
 * Bodies may be the provider's PascalCase ({Title, Steps:[{Order, Endpoint, Parameters, OnError}]}) or
 * the studio client's camelCase ({name|title, steps:[{order, endpoint, parameters, onError}]}).
 * Secret parameters (the catalogue's passwords) are sealed when stored and answered as a marker
 * (workflow-secrets.ts); only a server-side run opens them.
 */
import { findToolByEndpoint } from '@docstudio/core';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, invalidParameters } from '../contract/errors';
import type { WorkflowsTable } from '../storage/database.types';
import { isSecretParameter, readStoredSteps, type StoredWorkflowStep } from '../storage/sealed-steps';
import { ApiError } from './api-error';
import { findConverter, requireUser, type ServerContext } from './server-context';
import {
  isSecretMarker,
  keptOrderOf,
  maskedStep,
  type SentWorkflowStep,
  sealSentSteps,
  type WorkflowStepJson,
} from './workflow-secrets';

export interface WorkflowJson {
  Id: string;
  Title: string;
  Steps: WorkflowStepJson[];
  CreatedAt: string;
  UpdatedAt: string;
}

type Loose = Record<string, unknown>;
const pick = (source: Loose, ...names: string[]): unknown =>
  names.map((name) => source[name]).find((value) => value !== undefined);

/** Reads and checks a body; messages follow the studio's own workflow validation texts. */
function parseWorkflowBody(
  context: ServerContext,
  body: unknown,
): { title: string; steps: SentWorkflowStep[] } {
  const source = (body && typeof body === 'object' ? body : {}) as Loose;
  const problems: Record<string, string[]> = {};
  const rawTitle = pick(source, 'Title', 'title', 'Name', 'name');
  const title = typeof rawTitle === 'string' ? rawTitle.trim() : '';
  if (!title) problems.Title = ['Workflow name is required'];
  else if (title.length > 200) problems.Title = ['Workflow name must be at most 200 characters'];

  const rawSteps = pick(source, 'Steps', 'steps');
  const steps: SentWorkflowStep[] = [];
  if (!Array.isArray(rawSteps) || rawSteps.length === 0) problems.Steps = ['At least one step is required'];
  else if (rawSteps.length > 50) problems.Steps = ['A workflow has at most 50 steps'];
  else {
    rawSteps.forEach((raw, index) => {
      const step = (raw && typeof raw === 'object' ? raw : {}) as Loose;
      const number = index + 1;
      const endpoint = String(pick(step, 'Endpoint', 'endpoint') ?? '').trim();
      const known = endpoint && (findConverter(context, endpoint) || findToolByEndpoint(endpoint));
      if (!endpoint || (!endpoint.includes('/to/') && !known)) {
        problems.Steps = [...(problems.Steps ?? []), `Step ${number}: Invalid endpoint format`];
      }
      const rawOrder = Number(pick(step, 'Order', 'order') ?? number);
      const order = Number.isInteger(rawOrder) && rawOrder > 0 ? rawOrder : number;
      const rawParameters = pick(step, 'Parameters', 'parameters');
      const parameters: Record<string, string> = {};
      const newSecrets: Record<string, string> = {};
      const keptSecrets: Record<string, number> = {};
      if (rawParameters && typeof rawParameters === 'object') {
        for (const [name, value] of Object.entries(rawParameters as Loose)) {
          if (value === undefined || value === null) continue;
          const secret = isSecretParameter(endpoint, name);
          if (secret && isSecretMarker(value)) {
            keptSecrets[name] = keptOrderOf(value, order);
            continue;
          }
          const text = typeof value === 'string' ? value : String(value);
          if (text.trim() === '') continue;
          if (secret) newSecrets[name] = text;
          else parameters[name] = text;
        }
      }
      const onError = String(pick(step, 'OnError', 'onError') ?? 'stop');
      steps.push({
        Order: order,
        Endpoint: endpoint,
        Parameters: parameters,
        OnError: onError,
        newSecrets,
        keptSecrets,
      });
    });
  }
  if (Object.keys(problems).length) throw invalidParameters(problems);
  steps.sort((a, b) => a.Order - b.Order);
  return { title, steps };
}

const toJson = (row: WorkflowsTable): WorkflowJson => ({
  Id: row.id,
  Title: row.title,
  Steps: readStoredSteps(row.steps).map(maskedStep),
  CreatedAt: row.created_at,
  UpdatedAt: row.updated_at,
});

const stepsJson = (steps: StoredWorkflowStep[]): string => JSON.stringify(steps);

const notFound = (): ApiError =>
  new ApiError(404, ErrorCode.UnknownConverter, 'The workflow does not exist.');

export function registerWorkflowRoutes(app: FastifyInstance, context: ServerContext): void {
  const { db } = context;
  const findOwned = (id: string, ownerId: string) =>
    db
      .selectFrom('workflows')
      .selectAll()
      .where('id', '=', id)
      .where('owner_id', '=', ownerId)
      .executeTakeFirst();

  app.post('/workflows/create', async (request) => {
    const user = await requireUser(context, request);
    const { title, steps } = parseWorkflowBody(context, request.body);
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    const row: WorkflowsTable = {
      id,
      owner_id: user.id,
      title,
      // A new workflow has no stored secret to keep: a marker here is a 400.
      steps: stepsJson(sealSentSteps(context.keys, id, steps, [])),
      created_at: now,
      updated_at: now,
    };
    await db.insertInto('workflows').values(row).execute();
    return toJson(row);
  });

  app.get('/workflows/get-all', async (request) => {
    const user = await requireUser(context, request);
    const rows = await db
      .selectFrom('workflows')
      .selectAll()
      .where('owner_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map(toJson);
  });

  app.get<{ Params: { id: string } }>('/workflows/get/:id', async (request) => {
    const user = await requireUser(context, request);
    const row = await findOwned(request.params.id, user.id);
    if (!row) throw notFound();
    return toJson(row);
  });

  app.patch<{ Params: { id: string } }>('/workflows/update/:id', async (request) => {
    const user = await requireUser(context, request);
    const row = await findOwned(request.params.id, user.id);
    if (!row) throw notFound();
    const { title, steps } = parseWorkflowBody(context, request.body);
    const updated: WorkflowsTable = {
      ...row,
      title,
      steps: stepsJson(sealSentSteps(context.keys, row.id, steps, readStoredSteps(row.steps))),
      updated_at: new Date().toISOString(),
    };
    await db
      .updateTable('workflows')
      .set({ title: updated.title, steps: updated.steps, updated_at: updated.updated_at })
      .where('id', '=', row.id)
      .execute();
    return toJson(updated);
  });

  app.delete<{ Params: { id: string } }>('/workflows/delete/:id', async (request) => {
    const user = await requireUser(context, request);
    const result = await db
      .deleteFrom('workflows')
      .where('id', '=', request.params.id)
      .where('owner_id', '=', user.id)
      .executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound();
    return { Id: request.params.id, Deleted: true };
  });
}
