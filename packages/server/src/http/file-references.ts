/**
 * `File` / `Files[i]` given as text: a FileId (copied in from the encrypted store), a download Url of
 * this server (the same, without a re-download), or a remote Url (fetched through the SSRF guard under
 * the tool's size limit). The copy lands in the request's work folder with the right extension.
 */
import { rename } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, invalidParameters } from '../contract/errors';
import type { ReceivedFile } from '../jobs/input-files';
import { urlPolicyOf } from '../jobs/run-conversion';
import { fetchRemoteFile } from '../security/ssrf';
import { extensionOf, sanitizeFileName } from '../storage/file-names';
import { ApiError } from './api-error';
import { mayReadFile } from './download-links';
import { requireUser, type ServerContext } from './server-context';
import { fileTooLarge } from './upload-limit';

const REMOTE_TIMEOUT_MS = 60_000;

/** 413 for a file over the tool's limit, however it arrived. */
export const overToolLimit = (limit: number): ApiError =>
  fileTooLarge(`The file is larger than this tool's limit of ${Math.floor(limit / (1024 * 1024))} MB.`);

const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The FileId when `url` is a download Url of this server (same origin as the request or PUBLIC_URL). */
function ownFileId(context: ServerContext, request: FastifyRequest, url: URL): string | undefined {
  const match = /^\/api\/d\/([A-Za-z0-9_-]{16,64})(?:\/[^/]*)?$/.exec(url.pathname);
  if (!match) return undefined;
  const origins = [`${request.protocol}://${request.host}`];
  if (context.config.publicUrl) origins.push(new URL(context.config.publicUrl).origin);
  return origins.some((origin) => new URL(origin).origin === url.origin) ? match[1] : undefined;
}

export async function fetchReference(
  context: ServerContext,
  request: FastifyRequest,
  value: string,
  field: string,
  basePath: string,
  maxFileSize: number,
): Promise<Omit<ReceivedFile, 'field' | 'index'>> {
  let fileId: string | undefined;
  let url: URL | undefined;
  if (FILE_ID.test(value)) fileId = value;
  else {
    try {
      url = new URL(value);
    } catch {
      throw invalidParameters({ [field]: [`${field} must be a file, a FileId or a URL.`] });
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ApiError(400, ErrorCode.InvalidUrl, `${field} must be an http or https URL.`);
    }
    fileId = ownFileId(context, request, url);
  }

  if (fileId) {
    const stored = await context.store.get(fileId);
    // With DOWNLOADS_REQUIRE_OWNER another user's file reads as unknown, unless the Url is a signed link.
    const reader = context.config.downloadsRequireOwner ? await requireUser(context, request) : undefined;
    const link = { expires: url?.searchParams.get('expires'), signature: url?.searchParams.get('signature') };
    if (!stored || !mayReadFile(context, reader?.id, stored, link))
      throw new ApiError(404, ErrorCode.InvalidFileId, `The file ${fileId} does not exist or has expired.`);
    if (stored.size > maxFileSize) throw overToolLimit(maxFileSize);
    const path = `${basePath}.${stored.ext || 'bin'}`;
    await context.store.decryptToPath(stored, path);
    return { path, fileName: stored.fileName, ext: stored.ext, size: stored.size };
  }

  if (!context.config.remoteFetch || !url) {
    throw new ApiError(
      400,
      ErrorCode.RemoteDownloadFailed,
      'Remote download failed: this server does not fetch files from other hosts.',
    );
  }
  const path = `${basePath}.download`;
  const remote = await fetchRemoteFile(url.href, {
    maxBytes: maxFileSize,
    timeoutMs: REMOTE_TIMEOUT_MS,
    destPath: path,
    ...urlPolicyOf(context.config),
  });
  const fileName = sanitizeFileName(remote.fileName, 'download');
  const ext = extensionOf(fileName);
  // Engines such as soffice read the type from the extension: give the copy the right one.
  const finalPath = `${basePath}.${ext || 'bin'}`;
  await rename(remote.path ?? path, finalPath);
  return { path: finalPath, fileName, ext, size: remote.size };
}
