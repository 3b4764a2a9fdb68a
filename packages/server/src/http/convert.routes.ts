/**
 * POST /api/convert/{from}/to/{to} (and catalogue aliases such as pdf/merge): token, converter,
 * streamed inputs, validation, then one job through the queue. Async=true answers {JobId} at once;
 * GET /api/job/{JobId} gives 202 while it runs and the stored answer (or error) when it ends. With
 * `Accept: application/x-ndjson` a synchronous answer streams each result as it is stored
 * (streamed-answer.ts).
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { startJob } from '../jobs/job-lifecycle';
import { deadlineFromNow } from '../jobs/run-conversion';
import { ApiError } from './api-error';
import { clientGoneSignal } from './client-gone';
import { validateConversion } from './convert-validation';
import { resultUrlMaker, withFreshLinks } from './download-links';
import { PARSED_BODY_LIMIT } from './json-parameters';
import { streamRawBodies } from './raw-body';
import { withReceivedRequest } from './received-request';
import { convertSchema, type JobParams, jobSchema } from './schemas/convert.schema';
import { findConverter, jobDepsOf, publicBaseUrl, requireUser, type ServerContext } from './server-context';
import { streamedAnswer, wantsStreamedAnswer } from './streamed-answer';

export function registerConvertRoutes(app: FastifyInstance, context: ServerContext): void {
  app.register(async (scope) => registerConvertRoute(scope, context));
  registerJobRoute(app, context);
}

function registerConvertRoute(app: FastifyInstance, context: ServerContext): void {
  // JSON and urlencoded bodies are parsed (base64 files make JSON large); any other body is the file.
  streamRawBodies(app, ['application/json', 'application/x-www-form-urlencoded']);
  app.post('/convert/*', { bodyLimit: PARSED_BODY_LIMIT, schema: convertSchema }, async (request, reply) => {
    const user = await requireUser(context, request);
    await context.limits.checkApi(request, user);
    const endpoint = ((request.params as { '*': string })['*'] ?? '').replace(/^\/+|\/+$/g, '');
    const converter = findConverter(context, endpoint);
    if (!converter)
      throw new ApiError(404, ErrorCode.UnknownConverter, `There is no converter for '${endpoint}'.`);

    return withReceivedRequest(context, request, converter, async ({ received, workDir, handOver }) => {
      const { options, files } = await validateConversion(converter, received);
      const deps = jobDepsOf(context);
      const base = publicBaseUrl(context, request);
      // An Async job outlives its request; a sync one stops when its client leaves (e.g. Cancel).
      const clientSignal = options.async ? undefined : clientGoneSignal(request, reply);
      const streamed =
        !options.async && wantsStreamedAnswer(request) ? streamedAnswer([context.config.dataDir]) : undefined;
      const job = await startJob(deps, {
        ownerId: user.id,
        name: converter.endpoint,
        async: options.async,
        log: request.log,
        failureMessage: 'async conversion failed',
        untilQueued: options.async,
        work: (started, jobId, queued) =>
          context.conversions.run({
            converter,
            ownerId: user.id,
            input: {
              files,
              url: options.url,
              params: options.params,
              keepActiveContent: options.keepActiveContent,
            },
            workDir,
            deadlineAt: deadlineFromNow(options.timeoutSeconds ?? context.config.defaultTimeoutSeconds),
            storeFile: options.storeFile,
            downloadUrl: resultUrlMaker(context, base, user.id),
            clientSignal,
            onStart: started,
            onQueued: queued,
            jobId,
            urlBase: base,
            onResultStored:
              streamed?.onResultStored ??
              (jobId ? (file, index) => context.resultsSoFar.add(jobId, index, file) : undefined),
          }),
      });
      const { id } = job;
      if (id) {
        const forget = (): void => context.resultsSoFar.forget(id);
        job.answer.then(forget, forget);
      }
      handOver();
      if (streamed) return await streamed.send(request, reply, job.answer);
      if (!options.async) return await job.answer;
      return reply.code(202).send({ JobId: job.id });
    });
  });
}

function registerJobRoute(app: FastifyInstance, context: ServerContext): void {
  app.get<{ Params: JobParams }>('/job/:jobId', { schema: jobSchema }, async (request, reply) => {
    const user = await requireUser(context, request);
    const { jobId } = request.params;
    const job = await context.jobs.get(jobId, user.id);
    if (!job) throw new ApiError(404, ErrorCode.UnknownConverter, 'There is no such job.');
    if (job.status === 'queued' || job.status === 'running') {
      const status = job.status === 'queued' ? 'Queued' : 'Running';
      // results an Async conversion stored ahead of the others (pdf/to/jpg's pages), when it has any
      const sofar = context.resultsSoFar.list(job.id);
      const body =
        sofar.length > 0
          ? { JobId: job.id, Status: status, Files: sofar }
          : { JobId: job.id, Status: status };
      return reply.code(202).send(withFreshLinks(context, body, user.id));
    }
    if (job.status === 'failed' && job.error) {
      if (job.error.headers) reply.headers(job.error.headers);
      return reply.code(job.error.status).send(job.error.body);
    }
    return reply.code(200).send(withFreshLinks(context, job.result, user.id));
  });
}
