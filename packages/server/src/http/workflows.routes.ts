/**
 * Workflow CRUD: each workflow belongs to the token's subject; another user's id reads as unknown.
 * Bodies may be the provider's PascalCase ({Title, Steps:[{Order, Endpoint, Parameters, OnError}]}) or
 * the studio client's camelCase ({name|title, steps:[{order, endpoint, parameters, onError}]}).
 * Secret parameters (the catalogue's passwords) are sealed when stored and answered as a marker
 * (workflow-secrets.ts); only a server-side run opens them. A workflow may carry a completion webhook
 * (CallbackUrl, CallbackSecret: workflow-callback.ts). Only signed-in accounts have workflows:
 * anonymous tokens get 401 on every route (requireAccount).
 */
import { findToolByEndpoint } from '@docstudio/core';
import type { FastifyInstance } from 'fastify';
import { ErrorCode, invalidParameters } from '../contract/errors';
import type { WorkflowsTable } from '../storage/database.types';
import { sealCallback, type WorkflowCallback } from '../storage/sealed-callback';
import { isSecretParameter, readStoredSteps, type StoredWorkflowStep } from '../storage/sealed-steps';
import { ApiError } from './api-error';
import {
  createWorkflowSchema,
  deleteWorkflowSchema,
  getWorkflowSchema,
  listWorkflowsSchema,
  updateWorkflowSchema,
  type WorkflowParams,
} from './schemas/workflows.schema';
import { findConverter, requireAccount, type ServerContext } from './server-context';
import {
  type CallbackChange,
  type CallbackJson,
  callbackJson,
  readCallbackFields,
  storedCallback,
} from './workflow-callback';
import {
  isSecretMarker,
  keptOrderOf,
  maskedStep,
  type SentWorkflowStep,
  sealSentSteps,
  type WorkflowStepJson,
} from './workflow-secrets';

export interface WorkflowJson extends CallbackJson {
  Id: string;
  Title: string;
  Steps: WorkflowStepJson[];
  CreatedAt: string;
  UpdatedAt: string;
}

type Loose = Record<string, unknown>;
const pick = (source: Loose, ...names: string[]): unknown =>
  names.map((name) => source[name]).find((value) => value !== undefined);

/**
 * Reads and checks a body; messages follow the studio's own workflow validation texts. `found` are
 * problems already found in the same body (the webhook's), answered in the same 400.
 */
function parseWorkflowBody(
  context: ServerContext,
  body: unknown,
  found: Record<string, string[]> = {},
): { title: string; steps: SentWorkflowStep[] } {
  const source = (body && typeof body === 'object' ? body : {}) as Loose;
  const problems: Record<string, string[]> = { ...found };
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

/** A row as answered; `generatedSecret` is shown once, in the answer of the save that made it. */
const toJson = (context: ServerContext, row: WorkflowsTable, generatedSecret?: string): WorkflowJson => ({
  Id: row.id,
  Title: row.title,
  Steps: readStoredSteps(row.steps).map(maskedStep),
  CreatedAt: row.created_at,
  UpdatedAt: row.updated_at,
  ...callbackJson(storedCallback(context.keys, row.id, row.callback), generatedSecret),
});

/** The callback column after a save. */
function callbackColumn(
  context: ServerContext,
  workflowId: string,
  change: CallbackChange,
  current: string | null,
): string | null {
  if (change.kind === 'keep') return current;
  if (change.kind === 'remove') return null;
  return sealCallback(context.keys, workflowId, change.callback);
}

const generatedOf = (change: CallbackChange): string | undefined =>
  change.kind === 'set' ? change.generatedSecret : undefined;

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

  app.post('/workflows/create', { schema: createWorkflowSchema }, async (request) => {
    const user = await requireAccount(context, request);
    const callback = await readCallbackFields(context, request.body, undefined, false);
    const { title, steps } = parseWorkflowBody(context, request.body, callback.problems);
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
      callback: callbackColumn(context, id, callback.change, null),
    };
    await db.insertInto('workflows').values(row).execute();
    return toJson(context, row, generatedOf(callback.change));
  });

  app.get('/workflows/get-all', { schema: listWorkflowsSchema }, async (request) => {
    const user = await requireAccount(context, request);
    const rows = await db
      .selectFrom('workflows')
      .selectAll()
      .where('owner_id', '=', user.id)
      .orderBy('created_at', 'desc')
      .execute();
    return rows.map((row) => toJson(context, row));
  });

  app.get<{ Params: WorkflowParams }>(
    '/workflows/get/:id',
    { schema: getWorkflowSchema },
    async (request) => {
      const user = await requireAccount(context, request);
      const row = await findOwned(request.params.id, user.id);
      if (!row) throw notFound();
      return toJson(context, row);
    },
  );

  app.patch<{ Params: WorkflowParams }>(
    '/workflows/update/:id',
    { schema: updateWorkflowSchema },
    async (request) => {
      const user = await requireAccount(context, request);
      const row = await findOwned(request.params.id, user.id);
      if (!row) throw notFound();
      const stored: WorkflowCallback | undefined = storedCallback(context.keys, row.id, row.callback);
      const callback = await readCallbackFields(context, request.body, stored, true);
      const { title, steps } = parseWorkflowBody(context, request.body, callback.problems);
      const updated: WorkflowsTable = {
        ...row,
        title,
        steps: stepsJson(sealSentSteps(context.keys, row.id, steps, readStoredSteps(row.steps))),
        updated_at: new Date().toISOString(),
        callback: callbackColumn(context, row.id, callback.change, row.callback),
      };
      await db
        .updateTable('workflows')
        .set({
          title: updated.title,
          steps: updated.steps,
          updated_at: updated.updated_at,
          callback: updated.callback,
        })
        .where('id', '=', row.id)
        .execute();
      return toJson(context, updated, generatedOf(callback.change));
    },
  );

  app.delete<{ Params: WorkflowParams }>(
    '/workflows/delete/:id',
    { schema: deleteWorkflowSchema },
    async (request) => {
      const user = await requireAccount(context, request);
      const result = await db
        .deleteFrom('workflows')
        .where('id', '=', request.params.id)
        .where('owner_id', '=', user.id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw notFound();
      await context.runs.deleteForWorkflow(user.id, request.params.id);
      return { Id: request.params.id, Deleted: true };
    },
  );
}
