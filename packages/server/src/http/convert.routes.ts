/**
 * POST /api/convert/{from}/to/{to} (and catalogue aliases such as pdf/merge): token, converter,
 * streamed inputs, validation, then one job through the queue. Async=true answers {JobId} at once;
 * GET /api/job/{JobId} gives 202 while it runs and the stored answer (or error) when it ends.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError, ErrorCode } from '../contract/errors';
import { type ConversionAnswer, runConversion } from '../jobs/run-conversion';
import { validateConversion } from './convert-validation';
import { resultUrlMaker, withFreshLinks } from './download-links';
import { toErrorAnswer } from './error-answer';
import { PARSED_BODY_LIMIT } from './json-parameters';
import { streamRawBodies } from './raw-body';
import { withReceivedRequest } from './received-request';
import { findConverter, publicBaseUrl, requireUser, type ServerContext } from './server-context';

export function registerConvertRoutes(app: FastifyInstance, context: ServerContext): void {
  app.register(async (scope) => registerConvertRoute(scope, context));
  registerJobRoute(app, context);
}

function registerConvertRoute(app: FastifyInstance, context: ServerContext): void {
  // JSON and urlencoded bodies are parsed (base64 files make JSON large); any other body is the file.
  streamRawBodies(app, ['application/json', 'application/x-www-form-urlencoded']);
  app.post('/convert/*', { bodyLimit: PARSED_BODY_LIMIT }, async (request, reply) => {
    const user = await requireUser(context, request);
    context.limits.checkApi(request, user.id);
    const endpoint = ((request.params as { '*': string })['*'] ?? '').replace(/^\/+|\/+$/g, '');
    const converter = findConverter(context, endpoint);
    if (!converter)
      throw new ApiError(404, ErrorCode.UnknownConverter, `There is no converter for '${endpoint}'.`);

    return withReceivedRequest(context, request, converter, async ({ received, workDir, handOver }) => {
      const conversion = await validateConversion(converter, received, context.config.defaultTimeoutSeconds);
      const jobId = await context.jobs.create(user.id, converter.endpoint);
      const base = publicBaseUrl(context, request);
      const clientGone = new AbortController();
      if (!conversion.async) request.raw.on('close', () => !reply.sent && clientGone.abort());
      handOver();
      const running = runConversion(context, {
        converter,
        ownerId: user.id,
        files: conversion.files,
        url: conversion.url,
        params: conversion.params,
        workDir,
        timeoutMs: conversion.timeoutSeconds * 1000,
        storeFile: conversion.storeFile,
        downloadUrl: resultUrlMaker(context, base, user.id),
        clientSignal: conversion.async ? undefined : clientGone.signal,
        onStart: () => void context.jobs.markRunning(jobId),
      }).then(
        async (answer: ConversionAnswer) => {
          await context.jobs.succeed(jobId, answer);
          return answer;
        },
        async (error: unknown) => {
          await context.jobs.fail(jobId, toErrorAnswer(error));
          throw error;
        },
      );
      if (!conversion.async) return await running;

      const tracked = running.catch((error: unknown) => {
        if (toErrorAnswer(error).status >= 500)
          request.log.error({ err: error, jobId }, 'async conversion failed');
      });
      context.background.add(tracked);
      void tracked.finally(() => context.background.delete(tracked));
      return reply.code(202).send({ JobId: jobId });
    });
  });
}

function registerJobRoute(app: FastifyInstance, context: ServerContext): void {
  app.get('/job/:jobId', async (request, reply) => {
    const user = await requireUser(context, request);
    const { jobId } = request.params as { jobId: string };
    const job = await context.jobs.get(jobId, user.id);
    if (!job) throw new ApiError(404, ErrorCode.UnknownConverter, 'There is no such job.');
    if (job.status === 'queued' || job.status === 'running') {
      return reply.code(202).send({ JobId: job.id, Status: job.status === 'queued' ? 'Queued' : 'Running' });
    }
    if (job.status === 'failed' && job.error) {
      if (job.error.headers) reply.headers(job.error.headers);
      return reply.code(job.error.status).send(job.error.body);
    }
    return reply.code(200).send(withFreshLinks(context, job.result, user.id));
  });
}
