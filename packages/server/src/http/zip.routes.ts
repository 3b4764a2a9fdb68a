/**
 * GET /api/zip?files=…: several stored files (a split's parts) as one ZIP, streamed with yazl while
 * each file is decrypted, so neither the archive nor a plaintext copy is ever held whole. Every file
 * passes the single download's checks first; one that fails makes the answer 404 before a byte goes.
 */
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '../contract/errors';
import { ApiError } from './api-error';
import { clientGoneSignal } from './client-gone';
import { mayReadFile } from './download-links';
import { contentDisposition } from './files.routes';
import { type ZipQuery, zipSchema } from './schemas/zip.schema';
import { requireUser, type ServerContext } from './server-context';
import { readZipEntries, uniqueEntryNames, zipFileName } from './zip-entries';

/** Formats that are compressed already: stored as they are (deflating them again only costs CPU). */
const ALREADY_COMPRESSED = new Set([
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'webp',
  'zip',
  'docx',
  'xlsx',
  'pptx',
  'odt',
]);

export function registerZipRoute(app: FastifyInstance, context: ServerContext): void {
  app.get<{ Querystring: ZipQuery }>('/zip', { schema: zipSchema }, async (request, reply) => {
    const entries = readZipEntries(request.query.files);
    const reader = request.headers.authorization ? await requireUser(context, request) : undefined;
    const stored = [];
    for (const entry of entries) {
      const file = await context.store.get(entry.fileId);
      if (!file || !mayReadFile(context, reader?.id, file, entry.link))
        throw new ApiError(404, ErrorCode.InvalidFileId, 'A file does not exist or has expired.');
      stored.push(file);
    }

    // yazl is loaded with the first ZIP, not when the server starts.
    const { ZipFile } = await import('yazl');
    const zip = new ZipFile();
    // yazl's types call it a NodeJS.ReadableStream; it is a stream.Readable (destroy, pipe).
    const archive = zip.outputStream as Readable;
    const names = uniqueEntryNames(stored.map((file) => file.fileName));
    stored.forEach((file, index) => {
      const options = { compress: !ALREADY_COMPRESSED.has(file.ext.toLowerCase()), size: file.size };
      // Lazy: each file is opened only when the archive reaches it (one open file, not a thousand).
      zip.addReadStreamLazy(names[index] ?? file.fileName, options, (done) => {
        const source = context.store.openDecrypted(file);
        // A file that cannot be read mid-way ends the archive early; the client sees a broken download.
        source.on('error', (error) => archive.destroy(error));
        done(null, source);
      });
    });
    zip.end();
    clientGoneSignal(request, reply).addEventListener('abort', () => archive.destroy());
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', contentDisposition(zipFileName(request.query.name)))
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(archive);
  });
}
