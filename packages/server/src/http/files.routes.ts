/**
 * Stored files: POST /api/upload (upload.routes.ts), download by the unguessable FileId with streamed
 * decryption (or, with DOWNLOADS_REQUIRE_OWNER, by its owner or a signed link: download-links.ts),
 * and DELETE by the file's owner.
 */

import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { mayReadFile } from './download-links';
import { mimeTypeFor } from './mime-types';
import {
  type DownloadQuery,
  deleteFileSchema,
  downloadNamedSchema,
  downloadSchema,
  type FileParams,
  type NamedFileParams,
} from './schemas/files.schema';
import { requireUser, type ServerContext } from './server-context';
import { registerUploadRoute } from './upload.routes';

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export function registerFileRoutes(app: FastifyInstance, context: ServerContext): void {
  registerUploadRoute(app, context);

  const download = async (
    request: import('fastify').FastifyRequest<{ Params: FileParams; Querystring: DownloadQuery }>,
    reply: import('fastify').FastifyReply,
  ) => {
    // By default the FileId alone grants the download (the contract); a bearer, when sent, must still
    // be valid. With DOWNLOADS_REQUIRE_OWNER someone else's file reads as unknown, like a wrong id.
    const reader = request.headers.authorization ? await requireUser(context, request) : undefined;
    const stored = await context.store.get(request.params.fileId);
    if (!stored || !mayReadFile(context, reader?.id, stored, request.query))
      throw new ApiError(404, ErrorCode.InvalidFileId, 'The file does not exist or has expired.');
    return reply
      .header('Content-Type', mimeTypeFor(stored.ext))
      .header('Content-Length', String(stored.size))
      .header('Content-Disposition', contentDisposition(stored.fileName))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(context.store.openDecrypted(stored));
  };
  app.get<{ Params: FileParams; Querystring: DownloadQuery }>(
    '/d/:fileId',
    { schema: downloadSchema },
    download,
  );
  app.get<{ Params: NamedFileParams; Querystring: DownloadQuery }>(
    '/d/:fileId/:fileName',
    { schema: downloadNamedSchema },
    download,
  );

  app.delete<{ Params: FileParams }>('/d/:fileId', { schema: deleteFileSchema }, async (request) => {
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
