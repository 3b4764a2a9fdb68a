/**
 * POST /api/workflows/run/{id}: runs one of the caller's stored workflows server-side as a single
 * Async job and answers 202 {JobId} at once; GET /api/job/{JobId} then gives 202 while it runs and
 * {ConversionCost, ConversionTime, Files, Steps} (the last step's files) when it ends. The input is
 * sent as to POST /convert: `File`/`Files[i]` uploads, FileIds or Urls, or `Url` for a web step;
 * `Timeout` bounds each step. Every step is checked before the job starts (400 naming the step).
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode, invalidParameters } from '../contract/errors';
import type { Converter } from '../converters/converter.types';
import { runWorkflow, type WorkflowRunStep } from '../jobs/run-workflow';
import type { WorkflowsTable } from '../storage/database.types';
import { openStepSecrets, readStoredSteps } from '../storage/sealed-steps';
import { SealedTextError } from '../storage/sealed-text';
import { catalogueParameterProblems } from './catalogue-checks';
import { validateConversion } from './convert-validation';
import { resultUrlMaker } from './download-links';
import { toErrorAnswer } from './error-answer';
import { PARSED_BODY_LIMIT } from './json-parameters';
import { streamRawBodies } from './raw-body';
import { withReceivedRequest } from './received-request';
import { findConverter, publicBaseUrl, requireUser, type ServerContext } from './server-context';
import type { WorkflowStep } from './workflows.routes';

/** The converter of every step, and each step's parameter problems keyed 'Steps[n].Name'. */
function planSteps(context: ServerContext, steps: readonly WorkflowStep[]): WorkflowRunStep[] {
  const problems: Record<string, string[]> = {};
  const planned: WorkflowRunStep[] = [];
  for (const [index, step] of steps.entries()) {
    const converter: Converter | undefined = findConverter(context, step.Endpoint);
    if (!converter) {
      problems[`Steps[${index + 1}]`] = [
        `Step ${index + 1}: this server has no converter for '${step.Endpoint}'.`,
      ];
      continue;
    }
    const found = {
      ...converter.validate(step.Parameters),
      ...catalogueParameterProblems(converter.endpoint, step.Parameters),
    };
    for (const [name, messages] of Object.entries(found)) problems[`Steps[${index + 1}].${name}`] = messages;
    planned.push({ ...step, converter });
  }
  if (Object.keys(problems).length > 0) throw invalidParameters(problems);
  return planned;
}

/** The stored steps with their secrets opened: here, for the run, and nowhere else. */
function openedSteps(context: ServerContext, row: WorkflowsTable): WorkflowStep[] {
  try {
    return openStepSecrets(context.keys, row.id, readStoredSteps(row.steps));
  } catch (error) {
    if (!(error instanceof SealedTextError)) throw error;
    throw invalidParameters({
      Steps: [
        'A stored password of this workflow can no longer be read (the storage key changed); enter it again.',
      ],
    });
  }
}

const timeoutOf = (value: string | undefined, fallback: number): number => {
  if (value === undefined || value.trim() === '') return fallback;
  const seconds = Number(value);
  if (!Number.isInteger(seconds) || seconds < 10 || seconds > 1200)
    throw invalidParameters({ Timeout: ['Timeout must be a whole number of seconds from 10 to 1200.'] });
  return seconds;
};

export function registerWorkflowRunRoute(app: FastifyInstance, context: ServerContext): void {
  app.register(async (scope) => registerRunRoute(scope, context));
}

function registerRunRoute(app: FastifyInstance, context: ServerContext): void {
  // The input is read as convert reads it: parsed JSON/urlencoded bodies, any other body is the file.
  streamRawBodies(app, ['application/json', 'application/x-www-form-urlencoded']);
  const options = { bodyLimit: PARSED_BODY_LIMIT };
  app.post<{ Params: { id: string } }>('/workflows/run/:id', options, async (request, reply) => {
    const user = await requireUser(context, request);
    context.limits.checkApi(request, user.id);
    const row = await context.db
      .selectFrom('workflows')
      .selectAll()
      .where('id', '=', request.params.id)
      .where('owner_id', '=', user.id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, ErrorCode.UnknownConverter, 'The workflow does not exist.');
    const steps = planSteps(context, openedSteps(context, row));
    const first = steps[0]?.converter;
    if (!first) throw invalidParameters({ Steps: ['At least one step is required'] });

    return withReceivedRequest(context, request, first, async ({ received, workDir, handOver }) => {
      const timeoutSeconds = timeoutOf(received.fields.Timeout, context.config.defaultTimeoutSeconds);
      // Step 1's input is the client's: wrong or missing files answer now (400/413/415), not in the job.
      const url = received.fields.Url;
      await validateConversion(
        first,
        {
          files: received.files,
          fields: { ...steps[0]?.Parameters, ...(url === undefined ? {} : { Url: url }) },
        },
        timeoutSeconds,
      );
      const jobId = await context.jobs.create(user.id, `workflows/run/${row.id}`);
      const base = publicBaseUrl(context, request);
      handOver();
      const running = runWorkflow(context, {
        ownerId: user.id,
        steps,
        received,
        workDir,
        timeoutSeconds,
        downloadUrl: resultUrlMaker(context, base, user.id),
        onStart: () => void context.jobs.markRunning(jobId),
      }).then(
        (answer) => context.jobs.succeed(jobId, answer),
        async (error: unknown) => {
          const answer = toErrorAnswer(error);
          if (answer.status >= 500) request.log.error({ err: error, jobId }, 'workflow run failed');
          await context.jobs.fail(jobId, answer);
        },
      );
      context.background.add(running);
      void running.finally(() => context.background.delete(running));
      return reply.code(202).send({ JobId: jobId });
    });
  });
}
