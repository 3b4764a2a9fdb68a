/**
 * Reads a convert request into a work folder: multipart file parts are streamed straight to disk
 * (the RAM-backed work folder, never the heap) under the converter's size limit; `File`/`Files[i]`
 * text values (FileId, an Url of this server, or a remote Url) are copied in from the store or
 * fetched through the SSRF guard. Fields come back as plain strings.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { urlPolicyOf } from '../jobs/run-conversion';
import { fetchRemoteFile } from '../security/ssrf';
import { extensionOf, sanitizeFileName } from '../storage/file-names';
import { FileTooLargeError } from '../storage/file-store';
import { ApiError, ErrorCode, invalidParameters } from './errors';
import type { ServerContext } from './server-context';
import { failAtLimit, fileTooLarge } from './upload-limit';

export interface ReceivedFile {
  /** The form field: 'File' or 'Files[3]'. */
  field: string;
  /** Order key: File is -1, Files[i] is i. */
  index: number;
  path: string;
  fileName: string;
  ext: string;
  size: number;
}

export interface ReceivedRequest {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

const MAX_FILES = 100;
const REMOTE_TIMEOUT_MS = 60_000;

/** 'File' → -1, 'Files[2]' → 2, 'Files' → next free; other names are not file fields. */
function fileFieldIndex(name: string, next: () => number): number | undefined {
  if (name === 'File') return -1;
  if (name === 'Files' || name === 'Files[]') return next();
  const match = /^Files\[(\d{1,4})\]$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

export const isFileField = (name: string): boolean => fileFieldIndex(name, () => 0) !== undefined;

const tooLarge = (limit: number): ApiError =>
  fileTooLarge(`The file is larger than this tool's limit of ${Math.floor(limit / (1024 * 1024))} MB.`);

async function receivePart(file: Readable, path: string, limit: number): Promise<void> {
  try {
    await pipeline(failAtLimit(file, limit), createWriteStream(path, { mode: 0o600 }));
  } catch (error) {
    if (error instanceof FileTooLargeError) throw tooLarge(limit);
    throw error;
  }
}

export async function receiveRequest(
  context: ServerContext,
  request: FastifyRequest,
  workDir: string,
  maxFileSize: number,
): Promise<ReceivedRequest> {
  const inbox = join(workDir, 'in');
  await mkdir(inbox, { mode: 0o700 });
  const fields: Record<string, string> = {};
  const files: ReceivedFile[] = [];
  let counter = 1_000_000;
  const next = (): number => counter++;

  if (request.isMultipart()) {
    const parts = request.parts({
      limits: { fileSize: maxFileSize, files: MAX_FILES, fields: 500, fieldSize: 1024 * 1024 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      const index = fileFieldIndex(part.fieldname, next);
      if (index === undefined) {
        part.file.resume(); // not a file field of the contract: drain and ignore
        continue;
      }
      const fileName = sanitizeFileName(part.filename, 'file');
      const path = join(inbox, `${files.length}.${extensionOf(fileName) || 'bin'}`);
      await receivePart(part.file, path, maxFileSize);
      files.push({
        field: part.fieldname,
        index,
        path,
        fileName,
        ext: extensionOf(fileName),
        size: (await stat(path)).size,
      });
    }
  } else if (request.body && typeof request.body === 'object') {
    for (const [name, value] of Object.entries(request.body as Record<string, unknown>)) {
      if (Array.isArray(value) && (name === 'Files' || name === 'Files[]')) {
        value.forEach((item) => {
          fields[`Files[${next()}]`] = String(item);
        });
      } else if (value !== undefined && value !== null) {
        fields[name] =
          typeof value === 'string'
            ? value
            : typeof value === 'object'
              ? JSON.stringify(value)
              : String(value);
      }
    }
  } else if (request.body !== undefined) {
    throw new ApiError(
      415,
      ErrorCode.UnsupportedFileType,
      'Send the request as multipart/form-data, application/x-www-form-urlencoded or JSON.',
    );
  }

  // File / Files[i] given as text: a FileId, an Url of this server, or a remote Url.
  for (const [name, value] of Object.entries(fields)) {
    const index = fileFieldIndex(name, next);
    if (index === undefined) continue;
    delete fields[name];
    if (files.length >= MAX_FILES)
      throw invalidParameters({ Files: [`At most ${MAX_FILES} files are accepted.`] });
    const path = join(inbox, `${files.length}`);
    const received = await fetchReference(context, request, value.trim(), name, path, maxFileSize);
    files.push({ ...received, field: name, index });
  }
  files.sort((a, b) => a.index - b.index);
  return { fields, files };
}

const FILE_ID = /^[A-Za-z0-9_-]{16,64}$/;

/** The FileId when `url` is a download Url of this server (same origin as the request or PUBLIC_URL). */
function ownFileId(context: ServerContext, request: FastifyRequest, url: URL): string | undefined {
  const match = /^\/api\/d\/([A-Za-z0-9_-]{16,64})(?:\/[^/]*)?$/.exec(url.pathname);
  if (!match) return undefined;
  const origins = [`${request.protocol}://${request.host}`];
  if (context.config.publicUrl) origins.push(new URL(context.config.publicUrl).origin);
  return origins.some((origin) => new URL(origin).origin === url.origin) ? match[1] : undefined;
}

async function fetchReference(
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
    if (!stored)
      throw new ApiError(404, ErrorCode.InvalidFileId, `The file ${fileId} does not exist or has expired.`);
    if (stored.size > maxFileSize) throw tooLarge(maxFileSize);
    const path = `${basePath}.${stored.ext || 'bin'}`;
    await context.store.decryptToPath(fileId, path);
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
