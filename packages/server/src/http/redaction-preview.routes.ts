/**
 * POST /api/redact/preview: the redaction dry run. Everything up to the engine is the conversion's own
 * path (token, rate limit, the redaction converter's size limit, streamed inputs, FileIds resolved for
 * this user only, parameters and sniffed file type checked by validateConversion), then the boxes come
 * back instead of a file (jobs/run-redaction-preview.ts). A test table without pdf/to/redact: 404.
 */
import type { FastifyInstance } from 'fastify';
import { ErrorCode, invalidParameters } from '../contract/errors';
import type { RedactOptions } from '../converters/pdf-redact';
import { deadlineFromNow } from '../jobs/run-conversion';
import { runRedactionPreview } from '../jobs/run-redaction-preview';
import { ApiError } from './api-error';
import { clientGoneSignal } from './client-gone';
import { validateConversion } from './convert-validation';
import { PARSED_BODY_LIMIT } from './json-parameters';
import { streamRawBodies } from './raw-body';
import { withReceivedRequest } from './received-request';
import { redactionPreviewSchema } from './schemas/redaction-preview.schema';
import { findConverter, requireUser, type ServerContext } from './server-context';

const REDACT_ENDPOINT = 'pdf/to/redact';

export function registerRedactionPreviewRoute(app: FastifyInstance, context: ServerContext): void {
  app.register(async (scope) => {
    streamRawBodies(scope, ['application/json', 'application/x-www-form-urlencoded']);
    scope.post(
      '/redact/preview',
      { bodyLimit: PARSED_BODY_LIMIT, schema: redactionPreviewSchema },
      async (request, reply) => {
        const user = await requireUser(context, request);
        await context.limits.checkApi(request, user);
        const converter = findConverter(context, REDACT_ENDPOINT);
        if (!converter)
          throw new ApiError(
            404,
            ErrorCode.UnknownConverter,
            `There is no converter for '${REDACT_ENDPOINT}'.`,
          );
        return withReceivedRequest(context, request, converter, async ({ received, workDir, handOver }) => {
          const { options, files } = await validateConversion(converter, received);
          const [file] = files;
          if (!file) throw invalidParameters({ File: ['File required'] });
          handOver();
          return runRedactionPreview(context.queue, {
            file,
            params: options.params as RedactOptions,
            workDir,
            deadlineAt: deadlineFromNow(options.timeoutSeconds ?? context.config.defaultTimeoutSeconds),
            clientSignal: clientGoneSignal(request, reply),
          });
        });
      },
    );
  });
}
