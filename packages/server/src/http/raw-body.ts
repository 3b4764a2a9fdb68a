/**
 * A file sent as the request body itself. Its Content-Type says nothing reliable: the provider's Node
 * client and curl's `--data-binary` label raw bytes application/x-www-form-urlencoded, browsers send
 * the file's own type or none. So in a scope that takes raw files, only the parsers that scope really
 * wants stay and every other body reaches the handler as an unread stream, which is written to disk
 * under the size limit (checked from Content-Length first, then while streaming).
 */
import { Readable } from 'node:stream';
import { parse } from 'content-disposition';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FileTooLargeError } from '../storage/file-store';

type ParsedBody = 'application/json' | 'application/x-www-form-urlencoded';

/** Every body but multipart and the `parsed` types is handed to the routes of `scope` as a stream. */
export function streamRawBodies(scope: FastifyInstance, parsed: readonly ParsedBody[] = []): void {
  const all = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];
  scope.removeContentTypeParser(all.filter((type) => !parsed.includes(type as ParsedBody)));
  scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));
}

export const isRawBody = (body: unknown): body is Readable => body instanceof Readable;

/** The name in Content-Disposition (`filename*=UTF-8''…` preferred over `filename=`), if any. */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (!header) return undefined;
  try {
    const name = parse(header).parameters.filename?.trim();
    return name || undefined;
  } catch {
    return undefined; // unparseable: the caller answers that the name is missing
  }
}

/** The body's declared size is over `limit` (no Content-Length, e.g. chunked, is not). */
export function declaredOver(request: FastifyRequest, limit: number): boolean {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) && declared > limit;
}

/**
 * Counts the bytes of a file on its way to disk and fails with FileTooLargeError once more than
 * `limit` went by. Keeps what a caller would otherwise read back from disk: how many bytes went by
 * (`seen`) and the first `headBytes` of them (`head()`, what the upload sniff looks at). A plain
 * counter the receiving loop calls, not a stream stage: a Transform and the pipeline() around it cost
 * each file of an upload a stream hop per chunk and an AbortController aborted at the end, whose
 * AbortError (with its stack) Node builds even on success.
 */
export class ByteLimit {
  seen = 0;
  private readonly headChunks: Buffer[] = [];
  private headLength = 0;

  constructor(
    private readonly limit: number,
    private readonly headBytes = 0,
  ) {}

  /** Counts `chunk`; throws FileTooLargeError when it takes the total past the limit. */
  add(chunk: Buffer): void {
    this.seen += chunk.length;
    if (this.seen > this.limit) throw new FileTooLargeError(this.limit);
    if (this.headLength < this.headBytes) {
      const part = chunk.subarray(0, this.headBytes - this.headLength);
      // copied: a chunk may be a view of a bigger pooled buffer the parser reuses
      this.headChunks.push(Buffer.from(part));
      this.headLength += part.length;
    }
  }

  /** The first `headBytes` bytes that went by (fewer when the stream was shorter). */
  head(): Buffer {
    return Buffer.concat(this.headChunks, this.headLength);
  }
}
