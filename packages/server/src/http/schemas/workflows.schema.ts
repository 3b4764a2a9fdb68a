/**
 * Schemas of workflows.routes.ts, workflow-run.routes.ts and workflow-runs.routes.ts. Every workflow
 * route needs a signed-in account's token: an anonymous one answers 401 Code 4010.
 */
import { type Static, Type } from 'typebox';
import { componentRef } from '../openapi/components';
import {
  conversionFormSchema,
  conversionQueryParameters,
  conversionRequestBody,
} from '../openapi/conversion-form';
import { bearer, errorResponse, errorResponses, jsonResponse, shapeResponse } from '../openapi/responses';

export const WorkflowParams = Type.Object({ id: Type.String({ description: "The workflow's Id." }) });
export type WorkflowParams = Static<typeof WorkflowParams>;

const signedIn = {
  tags: ['Workflows'],
  security: bearer,
};

const accountOnly = errorResponse(401, 'No token, an invalid one, or an anonymous one (Code 4010)');
const unknownWorkflow = errorResponse(404, 'Unknown workflow, or not yours');

const workflowBody = {
  required: true,
  description: 'Passwords of steps are sealed at rest and answered as {"Set": true, "Step": n}.',
  content: { 'application/json': { schema: componentRef('WorkflowInput') } },
};

export const createWorkflowSchema = {
  ...signedIn,
  summary: 'Create a workflow',
  operationId: 'createWorkflow',
  documented: { requestBody: workflowBody },
  response: {
    200: shapeResponse('The stored workflow', 'Workflow'),
    ...errorResponses(400),
    401: accountOnly,
  },
};

export const listWorkflowsSchema = {
  ...signedIn,
  summary: 'Your workflows, newest first',
  operationId: 'listWorkflows',
  response: {
    200: jsonResponse('Your workflows', { type: 'array', items: componentRef('Workflow') }),
    401: accountOnly,
  },
};

export const getWorkflowSchema = {
  ...signedIn,
  summary: 'Read a workflow',
  operationId: 'getWorkflow',
  params: WorkflowParams,
  response: { 200: shapeResponse('The workflow', 'Workflow'), 401: accountOnly, 404: unknownWorkflow },
};

export const updateWorkflowSchema = {
  ...signedIn,
  summary: "Replace a workflow's title and steps",
  description: 'A body without CallbackUrl keeps the stored webhook.',
  operationId: 'updateWorkflow',
  params: WorkflowParams,
  documented: { requestBody: workflowBody },
  response: {
    200: shapeResponse('The stored workflow', 'Workflow'),
    ...errorResponses(400),
    401: accountOnly,
    404: unknownWorkflow,
  },
};

export const deleteWorkflowSchema = {
  ...signedIn,
  summary: 'Delete a workflow and its run history',
  operationId: 'deleteWorkflow',
  params: WorkflowParams,
  response: {
    200: jsonResponse('Deleted', {
      type: 'object',
      required: ['Id', 'Deleted'],
      properties: { Id: { type: 'string' }, Deleted: { const: true } },
    }),
    401: accountOnly,
    404: unknownWorkflow,
  },
};

export const runWorkflowSchema = {
  ...signedIn,
  summary: 'Run a workflow as one Async job',
  description:
    "The input as for convert (File / Files[i] uploads, FileIds or Urls; Url for a web step; Timeout per step). Every step is checked first (400 with InvalidParameters keyed Steps[n].Name); then 202 {JobId}: GET /job/{jobId} gives the last step's files and every step's outcome, GET /workflows/runs lists it, and the workflow's CallbackUrl is told when it ends.",
  tags: ['Workflows', 'Conversion'],
  operationId: 'runWorkflow',
  params: WorkflowParams,
  documented: {
    parameters: conversionQueryParameters,
    requestBody: conversionRequestBody(conversionFormSchema()),
  },
  response: {
    202: shapeResponse('The run started', 'JobStarted'),
    ...errorResponses(400, 408, 413, 415, 429),
    401: accountOnly,
    404: unknownWorkflow,
  },
};

export const RunsQuery = Type.Object({
  workflowId: Type.Optional(
    Type.String({ description: 'Only the runs of this workflow (also WorkflowId); absent: all of yours.' }),
  ),
  WorkflowId: Type.Optional(Type.String({ description: 'The same as workflowId.' })),
});

export const listRunsSchema = {
  ...signedIn,
  summary: 'Your workflow runs, newest first',
  description: "At most 20 per workflow; a workflowId of someone else's workflow lists nothing.",
  operationId: 'listWorkflowRuns',
  querystring: RunsQuery,
  response: {
    200: shapeResponse('The runs (RunId is the JobId)', 'WorkflowRuns'),
    ...errorResponses(400),
    401: accountOnly,
  },
};
