/**
 * POST /api/workflows/run/{id}: runs one of the caller's stored workflows server-side as a single
 * Async job and answers 202 {JobId} at once; GET /api/job/{JobId} then gives 202 while it runs and
 * {ConversionCost, ConversionTime, Files, Steps} (the last step's files) when it ends. The input is
 * sent as to POST /convert: `File`/`Files[i]` uploads, FileIds or Urls, or `Url` for a web step;
 * `Timeout` bounds each step. Every step is checked before the job starts (400 naming the step).
 * The run is listed by GET workflows/runs under its JobId, and its end is POSTed to the workflow's
 * CallbackUrl (jobs/workflow-run-job.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode, invalidParameters } from '../contract/errors';
import { hasProblems, mergeProblems } from '../converters/tool-parameters';
import { checkInputFiles } from '../jobs/input-files';
import type { WorkflowRunStep } from '../jobs/run-workflow';
import { startWorkflowRun } from '../jobs/workflow-run-job';
import {
  type OpenedWorkflowStep,
  openStepSecrets,
  readStoredSteps,
  type StoredWorkflowStep,
} from '../storage/sealed-steps';
import { SealedTextError } from '../storage/sealed-text';
import { ApiError } from './api-error';
import { resolveConversionFields, timeoutField } from './conversion-options';
import { resultUrlMaker } from './download-links';
import { PARSED_BODY_LIMIT } from './json-parameters';
import { streamRawBodies } from './raw-body';
import { withReceivedRequest } from './received-request';
import { runWorkflowSchema, type WorkflowParams } from './schemas/workflows.schema';
import {
  findConverter,
  jobDepsOf,
  publicBaseUrl,
  requireAccount,
  type ServerContext,
} from './server-context';
import { storedCallback } from './workflow-callback';

/**
 * Every step's converter and its parameters resolved once, before the job starts; problems are keyed
 * 'Steps[n].Name'.
 */
export function planSteps(context: ServerContext, steps: readonly OpenedWorkflowStep[]): WorkflowRunStep[] {
  const problems: Record<string, string[]> = {};
  const planned: WorkflowRunStep[] = [];
  for (const [index, step] of steps.entries()) {
    const converter = findConverter(context, step.Endpoint);
    if (!converter) {
      problems[`Steps[${index + 1}]`] = [
        `Step ${index + 1}: this server has no converter for '${step.Endpoint}'.`,
      ];
      continue;
    }
    const { options, timeoutProblems, parameterProblems } = resolveConversionFields(
      converter,
      step.Parameters,
    );
    const found = mergeProblems(timeoutProblems, parameterProblems);
    for (const [name, messages] of Object.entries(found)) problems[`Steps[${index + 1}].${name}`] = messages;
    planned.push({ ...step, converter, options });
  }
  if (hasProblems(problems)) throw invalidParameters(problems);
  return planned;
}

/** The stored steps with their secrets opened: for the run (here, or where it is continued), nowhere else. */
export function openedSteps(
  context: ServerContext,
  workflowId: string,
  stored: readonly StoredWorkflowStep[],
): OpenedWorkflowStep[] {
  try {
    return openStepSecrets(context.keys, workflowId, stored);
  } catch (error) {
    if (!(error instanceof SealedTextError)) throw error;
    throw invalidParameters({
      Steps: [
        'A stored password of this workflow can no longer be read (the storage key changed); enter it again.',
      ],
    });
  }
}

/** The run's Timeout, each step's time limit unless the step sets its own. */
function runTimeout(value: string | undefined, fallback: number): number {
  const { seconds, problems } = timeoutField(value);
  if (hasProblems(problems)) throw invalidParameters(problems);
  return seconds ?? fallback;
}

export function registerWorkflowRunRoute(app: FastifyInstance, context: ServerContext): void {
  app.register(async (scope) => registerRunRoute(scope, context));
}

function registerRunRoute(app: FastifyInstance, context: ServerContext): void {
  // The input is read as convert reads it: parsed JSON/urlencoded bodies, any other body is the file.
  streamRawBodies(app, ['application/json', 'application/x-www-form-urlencoded']);
  const options = { bodyLimit: PARSED_BODY_LIMIT, schema: runWorkflowSchema };
  app.post<{ Params: WorkflowParams }>('/workflows/run/:id', options, async (request, reply) => {
    const user = await requireAccount(context, request);
    await context.limits.checkApi(request, user);
    const row = await context.db
      .selectFrom('workflows')
      .selectAll()
      .where('id', '=', request.params.id)
      .where('owner_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, ErrorCode.UnknownConverter, 'The workflow does not exist.');
    const storedSteps = readStoredSteps(row.steps);
    const steps = planSteps(context, openedSteps(context, row.id, storedSteps));
    const first = steps[0];
    if (!first) throw invalidParameters({ Steps: ['At least one step is required'] });

    return withReceivedRequest(context, request, first.converter, async ({ received, workDir, handOver }) => {
      const timeoutSeconds = runTimeout(received.fields.Timeout, context.config.defaultTimeoutSeconds);
      // Step 1's input is the client's: wrong or missing files answer now (400/413/415), not in the job.
      const sentUrl = received.fields.Url;
      const url = sentUrl === undefined ? first.options.url : sentUrl.trim() || undefined;
      const files = await checkInputFiles(first.converter, received.files, url);
      const deps = jobDepsOf(context);
      const base = publicBaseUrl(context, request);
      const job = await startWorkflowRun(deps, {
        workflowId: row.id,
        callback: storedCallback(context.keys, row.id, row.callback),
        log: request.log,
        // Where another API node would continue the run (steps as stored: their secrets stay sealed).
        plan: { steps: storedSteps, timeoutSeconds, publicBase: base, callback: row.callback },
        run: {
          ownerId: user.id,
          steps,
          firstInput: { files, url },
          workDir,
          timeoutSeconds,
          downloadUrl: resultUrlMaker(context, base, user.id),
        },
      });
      handOver();
      return reply.code(202).send({ JobId: job.id });
    });
  });
}
