/**
 * Turns anything thrown into the contract's JSON error `{Code, Message, InvalidParameters?}` with a
 * fitting status. Unknown errors become 5001/500 (their details are logged, not sent), and no message
 * carries a file system path (path-free-text.ts).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { DomainError, type ErrorBody, ErrorCode } from '../contract/errors';
import { FileTooLargeError } from '../storage/file-store';
import { headersOf, statusOf } from './error-status';
import { withoutPaths } from './path-free-text';

/** What the multipart parser (busboy) throws on a body that does not follow its own boundary. */
const MULTIPART_FAILURE = /multipart|boundary|part header|unexpected end of form/i;

const isMalformedMultipart = (error: unknown): boolean =>
  error instanceof Error && !(error instanceof DomainError) && MULTIPART_FAILURE.test(error.message);

export interface ErrorAnswer {
  status: number;
  body: ErrorBody;
  headers?: Record<string, string>;
}

function rawErrorAnswer(error: unknown): ErrorAnswer {
  if (error instanceof DomainError)
    return { status: statusOf(error), body: error.toJSON(), headers: headersOf(error) };
  if (error instanceof FileTooLargeError) {
    return {
      status: 413,
      body: {
        Code: ErrorCode.FileTooLarge,
        // In MB, as people read sizes (the limits are whole MB or small test values).
        Message: `The file is larger than the limit of ${megabytes(error.limit)} MB.`,
      },
    };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (status === undefined && isMalformedMultipart(error)) {
    return {
      status: 400,
      body: {
        Code: ErrorCode.ParameterValidation,
        Message: 'The multipart/form-data body is malformed or incomplete: send the form again.',
      },
    };
  }
  if (
    fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
    fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' ||
    status === 413
  ) {
    return {
      status: 413,
      body: {
        Code: ErrorCode.FileTooLarge,
        Message:
          fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'The request body is over the limit for JSON and urlencoded bodies: send files as multipart/form-data or as the raw body, or upload them first and pass the FileId.'
            : 'The request body is too large.',
      },
    };
  }
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return {
      status: 415,
      body: {
        Code: ErrorCode.UnsupportedFileType,
        Message:
          'Unsupported content type: send multipart/form-data, application/x-www-form-urlencoded or JSON.',
      },
    };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return {
      status,
      body: { Code: ErrorCode.ParameterValidation, Message: fastifyError.message ?? 'Bad request.' },
    };
  }
  return { status: 500, body: { Code: ErrorCode.ConversionFailed, Message: 'Conversion failed.' } };
}

/** The answer with every message cleared of file system paths (`roots`: the data folder ...). */
function pathFree(answer: ErrorAnswer, roots: readonly string[]): ErrorAnswer {
  const { InvalidParameters: fields, ...body } = answer.body;
  const cleanFields = fields
    ? Object.fromEntries(
        Object.entries(fields).map(([name, messages]) => [name, messages.map((m) => withoutPaths(m, roots))]),
      )
    : undefined;
  return {
    ...answer,
    body: {
      ...body,
      Message: withoutPaths(body.Message, roots),
      ...(cleanFields ? { InvalidParameters: cleanFields } : {}),
    },
  };
}

/** The answer for anything thrown; its messages never carry a file system path. */
export const toErrorAnswer = (error: unknown, pathRoots: readonly string[] = []): ErrorAnswer =>
  pathFree(rawErrorAnswer(error), pathRoots);

/** 52428800 → '50', 1500 → '0.001': a limit in binary MB, exact where it is whole. */
const megabytes = (bytes: number): string => {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(2)));
};

export function installErrorHandler(app: FastifyInstance, pathRoots: readonly string[] = []): void {
  app.setErrorHandler((error, request, reply) => {
    const answer = toErrorAnswer(error, pathRoots);
    if (answer.status >= 500) request.log.error({ err: error }, 'request failed');
    if (answer.headers) reply.headers(answer.headers);
    // Answered before the body was read (401, 413 at the limit, 429): close instead of letting Node
    // read and drop the rest of an upload of any size to keep the connection alive.
    if (!request.raw.complete) reply.header('Connection', 'close');
    return reply.code(answer.status).type('application/json; charset=utf-8').send(answer.body);
  });
}
