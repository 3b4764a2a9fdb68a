/**
 * A conversion answer streamed as its results are stored, for a synchronous request that sends
 * `Accept: application/x-ndjson`: one JSON line per result the conversion finishes ahead of the
 * others (`{"Index": i, "File": {FileName, FileExt, FileSize, FileId, Url}}`, pdf/to/jpg's pages in the
 * order they are done), then the answer itself as the last line. Nothing is sent before the first
 * result: until then a failure is the usual error answer with its status, and a conversion that stores
 * everything at once answers the usual JSON. A failure after the first line can no longer change the
 * 200: it is the last line, `{"Status", "Code", "Message"}`.
 */
import { PassThrough } from 'node:stream';
import { STREAMED_ANSWER_TYPE, streamedResultLine } from '@docstudio/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ConversionAnswer, ResultFileJson } from '../jobs/result-files';
import { toErrorAnswer } from './error-answer';

/** True when the client asked for the answer as a stream (and the request is not Async). */
export const wantsStreamedAnswer = (request: FastifyRequest): boolean =>
  (request.headers.accept ?? '').toLowerCase().includes(STREAMED_ANSWER_TYPE);

export function streamedAnswer(pathRoots: readonly string[]) {
  const lines = new PassThrough();
  let firstStored: () => void = () => undefined;
  const firstResult = new Promise<void>((resolve) => {
    firstStored = resolve;
  });
  return {
    /** The conversion's `onResultStored`. */
    onResultStored(file: ResultFileJson, index: number): void {
      lines.write(streamedResultLine(index, file));
      firstStored();
    },
    /** What the route answers: the stream once a result is stored, else the plain answer (or error). */
    async send(
      request: FastifyRequest,
      reply: FastifyReply,
      answer: Promise<ConversionAnswer>,
    ): Promise<ConversionAnswer | FastifyReply> {
      const whole = await Promise.race([answer.then(() => true), firstResult.then(() => false)]);
      if (whole) return answer;
      answer.then(
        (body) => lines.end(`${JSON.stringify(body)}\n`),
        (error: unknown) => {
          const failed = toErrorAnswer(error, pathRoots);
          // a client that went away stopped the job itself: nothing failed on the server's side
          if (failed.status >= 500 && !reply.raw.destroyed)
            request.log.error({ err: error }, 'streamed conversion failed');
          lines.end(`${JSON.stringify({ Status: failed.status, ...failed.body })}\n`);
        },
      );
      return reply
        .code(200)
        .type(`${STREAMED_ANSWER_TYPE}; charset=utf-8`)
        .header('cache-control', 'no-store')
        .send(lines);
    },
  };
}
