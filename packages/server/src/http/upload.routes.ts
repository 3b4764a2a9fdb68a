/**
 * POST /api/upload as the provider takes it: multipart (the one file part, whatever its field name),
 * or the raw body of any Content-Type named by `?filename=` (which wins, as the provider documents) or
 * Content-Disposition, or `?url=` to store a remote file. Answers {FileId, FileName, FileExt}, or the
 * bare FileId to `Accept: text/plain`.
 *
 * The bearer token is optional, as on the provider (its browser library sends none to /upload): an
 * upload with a token belongs to that token's subject; one without belongs to nobody (NO_OWNER), so
 * nobody can DELETE it and it lives until retention ends. Either way the FileId is what grants its
 * use, as for any stored file. This opens nothing a client could not do anyway, since generate-jwt
 * hands out anonymous tokens freely; uploads stay bounded per IP by the API rate limit and in size.
 * With DOWNLOADS_REQUIRE_OWNER a FileId grants nothing to others, so there a token is required.
 */
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type DomainError, ErrorCode, invalidParameters } from '../contract/errors';
import { urlPolicyOf } from '../jobs/run-conversion';
import { fetchRemoteFile } from '../security/ssrf';
import { FileTooLargeError, type StoredFile } from '../storage/file-store';
import { createWorkDir, removeWorkDir } from '../storage/work-dir';
import { ApiError } from './api-error';
import { declaredOver, dispositionFileName, isRawBody, streamRawBodies } from './raw-body';
import { queryValue } from './request-fields';
import { uploadSchema } from './schemas/files.schema';
import { requireUser, type ServerContext } from './server-context';
import { failAtLimit, fileTooLarge } from './upload-limit';

/** The owner of uploads sent without a token: no token subject ever equals it. */
export const NO_OWNER = 'nobody';

const REMOTE_TIMEOUT_MS = 60_000;

const tooLarge = (limit: number): ApiError =>
  fileTooLarge(`The file is larger than the upload limit of ${Math.floor(limit / (1024 * 1024))} MB.`);

const noFile = (): DomainError => invalidParameters({ File: ['File is required.'] });

type Save = (source: Readable, fileName: string) => Promise<StoredFile>;

async function fromMultipart(request: FastifyRequest, save: Save, limit: number, name?: string) {
  for await (const part of request.parts({ limits: { fileSize: limit, files: 1 } })) {
    if (part.type !== 'file') continue;
    return save(failAtLimit(part.file, limit), name ?? part.filename);
  }
  throw noFile();
}

async function fromRemote(context: ServerContext, url: string, save: Save, limit: number, name?: string) {
  if (!context.config.remoteFetch) {
    throw new ApiError(
      400,
      ErrorCode.RemoteDownloadFailed,
      'Remote download failed: this server does not fetch files from other hosts.',
    );
  }
  if (!/^https?:\/\//i.test(url))
    throw new ApiError(400, ErrorCode.InvalidUrl, 'url must be an http or https URL.');
  const workDir = await createWorkDir();
  try {
    const path = join(workDir, 'download');
    const remote = await fetchRemoteFile(url, {
      maxBytes: limit,
      timeoutMs: REMOTE_TIMEOUT_MS,
      destPath: path,
      ...urlPolicyOf(context.config),
    });
    return await save(createReadStream(remote.path ?? path), name ?? remote.fileName);
  } finally {
    await removeWorkDir(workDir);
  }
}

function fromRawBody(request: FastifyRequest, save: Save, limit: number, name?: string) {
  const fileName = name ?? dispositionFileName(request.headers['content-disposition']);
  if (!fileName) {
    throw invalidParameters({
      FileName: [
        "Name the file with ?filename=<name> or Content-Disposition: attachment; filename*=UTF-8''<name>.",
      ],
    });
  }
  if (declaredOver(request, limit)) throw tooLarge(limit);
  if (!isRawBody(request.body)) throw invalidParameters({ File: ['The file is empty.'] });
  return save(request.body, fileName);
}

function answer(request: FastifyRequest, reply: FastifyReply, stored: StoredFile) {
  // The provider's plain answer for clients without a JSON parser.
  if (/^\s*text\/plain\b/i.test(request.headers.accept ?? ''))
    return reply.type('text/plain; charset=utf-8').send(stored.id);
  return reply.send({ FileId: stored.id, FileName: stored.fileName, FileExt: stored.ext });
}

export function registerUploadRoute(app: FastifyInstance, context: ServerContext): void {
  const limit = context.config.defaultMaxFileSize;

  app.register(async (scope) => {
    streamRawBodies(scope);

    scope.post('/upload', { schema: uploadSchema }, async (request, reply) => {
      // A token is optional, but one that is sent must be valid. When files are bound to their owners
      // (DOWNLOADS_REQUIRE_OWNER) an ownerless upload could never be used, so a token is required.
      const needsToken = request.headers.authorization !== undefined || context.config.downloadsRequireOwner;
      const user = needsToken ? await requireUser(context, request) : undefined;
      await context.limits.checkApi(request, user);
      const ownerId = user?.id ?? NO_OWNER;
      const name = queryValue(request, 'filename')?.trim() || undefined;
      const save: Save = async (source, fileName) => {
        let stored: StoredFile;
        try {
          stored = await context.store.save(source, { ownerId, fileName, kind: 'upload', maxBytes: limit });
        } catch (error) {
          if (error instanceof FileTooLargeError) throw tooLarge(limit);
          throw error;
        }
        if (stored.size === 0) {
          await context.store.delete(stored.id);
          throw invalidParameters({ File: ['The file is empty.'] });
        }
        return stored;
      };

      const url = queryValue(request, 'url')?.trim();
      const hasBody = declaredOver(request, 0) || request.headers['transfer-encoding'] !== undefined;
      if (url && (request.isMultipart() || hasBody))
        throw invalidParameters({ File: ['Send either a file or ?url=, not both.'] });
      const stored = url
        ? await fromRemote(context, url, save, limit, name)
        : request.isMultipart()
          ? await fromMultipart(request, save, limit, name)
          : await fromRawBody(request, save, limit, name);
      return answer(request, reply, stored);
    });
  });
}
