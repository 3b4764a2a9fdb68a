/**
 * Stored files: POST /api/upload (multipart or a raw body named by Content-Disposition), download by
 * the unguessable FileId with streamed decryption, and DELETE by the file's owner.
 */

import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { FileTooLargeError } from '../storage/file-store';
import { ApiError, ErrorCode, invalidParameters } from './errors';
import { mimeTypeFor } from './mime-types';
import { requireUser, type ServerContext } from './server-context';
import { failAtLimit, fileTooLarge } from './upload-limit';

/** The name in `Content-Disposition: attachment; filename*=UTF-8''…` (or the plain filename=). */
export function fileNameFromDisposition(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // malformed percent-encoding: fall back to the plain parameter
    }
  }
  return /filename\s*=\s*"?([^";]+)"?/i.exec(header)?.[1]?.trim();
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

const tooLarge = (limit: number): ApiError =>
  fileTooLarge(`The file is larger than the upload limit of ${Math.floor(limit / (1024 * 1024))} MB.`);

export function registerFileRoutes(app: FastifyInstance, context: ServerContext): void {
  const limit = context.config.defaultMaxFileSize;

  app.register(async (scope) => {
    // Raw uploads may carry any type (application/pdf, text/plain …): hand the body over as a stream.
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.post('/upload', async (request) => {
      const user = await requireUser(context, request);
      context.limits.checkApi(request, user.id);
      if (request.isMultipart()) {
        for await (const part of request.parts({ limits: { fileSize: limit, files: 1 } })) {
          if (part.type !== 'file') continue;
          let stored: Awaited<ReturnType<typeof context.store.save>>;
          try {
            stored = await context.store.save(failAtLimit(part.file, limit), {
              ownerId: user.id,
              fileName: part.filename,
              kind: 'upload',
            });
          } catch (error) {
            if (error instanceof FileTooLargeError) throw tooLarge(limit);
            throw error;
          }
          return { FileId: stored.id, FileName: stored.fileName, FileExt: stored.ext };
        }
        throw invalidParameters({ File: ['File is required.'] });
      }
      const fileName = fileNameFromDisposition(request.headers['content-disposition']);
      if (!fileName) {
        throw invalidParameters({
          FileName: ["Name the file with Content-Disposition: attachment; filename*=UTF-8''<name>."],
        });
      }
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
      try {
        const stored = await context.store.save(request.body as Readable, {
          ownerId: user.id,
          fileName,
          kind: 'upload',
          maxBytes: limit,
        });
        if (stored.size === 0) {
          await context.store.delete(stored.id);
          throw invalidParameters({ File: ['The file is empty.'] });
        }
        return { FileId: stored.id, FileName: stored.fileName, FileExt: stored.ext };
      } catch (error) {
        if (error instanceof FileTooLargeError) throw tooLarge(limit);
        throw error;
      }
    });
  });

  const download = async (
    request: import('fastify').FastifyRequest<{ Params: { fileId: string } }>,
    reply: import('fastify').FastifyReply,
  ) => {
    // The FileId alone grants the download (the contract); a bearer, when sent, must still be valid.
    if (request.headers.authorization) await requireUser(context, request);
    const stored = await context.store.get(request.params.fileId);
    if (!stored) throw new ApiError(404, ErrorCode.InvalidFileId, 'The file does not exist or has expired.');
    return reply
      .header('Content-Type', mimeTypeFor(stored.ext))
      .header('Content-Length', String(stored.size))
      .header('Content-Disposition', contentDisposition(stored.fileName))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(context.store.openDecrypted(stored.id));
  };
  app.get<{ Params: { fileId: string } }>('/d/:fileId', download);
  app.get<{ Params: { fileId: string; fileName: string } }>('/d/:fileId/:fileName', download);

  app.delete<{ Params: { fileId: string } }>('/d/:fileId', async (request) => {
    const user = await requireUser(context, request);
    const stored = await context.store.get(request.params.fileId);
    // Someone else's file reads as unknown: the id alone must not let anyone delete it.
    if (!stored || stored.ownerId !== user.id) {
      throw new ApiError(404, ErrorCode.InvalidFileId, 'The file does not exist or has expired.');
    }
    await context.store.delete(stored.id);
    return { FileId: stored.id, Deleted: true };
  });
}
