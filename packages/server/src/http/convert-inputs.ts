/**
 * Reads a convert request into a work folder, in every form the provider takes:
 * - multipart: file parts streamed straight to the RAM-backed work folder (storage/work-file-writer.ts),
 *   never held whole on the heap;
 * - urlencoded or JSON (flat, or the provider's `Parameters` array; json-parameters.ts);
 * - a raw file body of any other type, named by Content-Disposition, parameters in the query;
 * - the query string, merged with the body (request-fields.ts).
 * Every input lands under the converter's size limit. `File`/`Files[i]` text values (FileId, an Url
 * of this server, or a remote Url) are copied in by file-references.ts. Fields come back as strings.
 */
import { once } from 'node:events';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ErrorCode, invalidParameters } from '../contract/errors';
import type { ReceivedFile } from '../jobs/input-files';
import { SNIFF_BYTES } from '../security/file-sniff';
import { extensionOf, sanitizeFileName } from '../storage/file-names';
import { FileTooLargeError } from '../storage/file-store';
import { createWorkFileStream } from '../storage/work-file-writer';
import { ApiError } from './api-error';
import { fetchReference, overToolLimit } from './file-references';
import { jsonBodyEntries } from './json-parameters';
import { ByteLimit, declaredOver, dispositionFileName, isRawBody } from './raw-body';
import { canonicalFieldName, mergeQueryFields, queryPairs } from './request-fields';
import type { ServerContext } from './server-context';
import { failAtLimit } from './upload-limit';

export interface ReceivedRequest {
  fields: Record<string, string>;
  files: ReceivedFile[];
}

const MAX_FILES = 100;

/** 'File' → -1, 'Files[2]' → 2, 'Files' → next free; other names are not file fields. */
function fileFieldIndex(name: string, next: () => number): number | undefined {
  if (name === 'File') return -1;
  if (name === 'Files' || name === 'Files[]') return next();
  const match = /^Files\[(\d{1,4})\]$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** What a file's way in saw: its size and first bytes (no stat and no sniff read afterwards). */
type Received = Pick<ReceivedFile, 'size' | 'head'>;

/**
 * Streams one incoming file to `path`, failing with 413 past `limit`. A loop, not pipeline(): an upload
 * of 50 files ran 50 pipelines, each building and aborting an AbortController (whose AbortError Node
 * creates, stack and all, even when the pipeline succeeds) and passing every chunk through a Transform.
 */
async function receiveStream(source: Readable, path: string, limit: number): Promise<Received> {
  const counted = new ByteLimit(limit, SNIFF_BYTES);
  const sink = createWorkFileStream(path);
  let failed: unknown;
  sink.on('error', (error) => {
    failed ??= error;
  });
  try {
    for await (const chunk of source) {
      counted.add(chunk as Buffer);
      if (failed) throw failed;
      if (!sink.write(chunk)) await once(sink, 'drain');
    }
    sink.end();
    await finished(sink);
    return { size: counted.seen, head: counted.head() };
  } catch (error) {
    sink.destroy();
    if (error instanceof FileTooLargeError) throw overToolLimit(limit);
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
  /** File fields sent as text (FileId or Url), copied in once the body is read. */
  const references: Array<{ field: string; index: number; value: string }> = [];
  let counter = 1_000_000;
  const next = (): number => counter++;
  /** Takes `value` as a file reference when `name` is a file field. */
  const takeReference = (name: string, value: string): boolean => {
    const index = fileFieldIndex(name, next);
    if (index !== undefined) references.push({ field: name === 'Files[]' ? 'Files' : name, index, value });
    return index !== undefined;
  };

  /** Stores an incoming file under a path named by its extension (engines read the type from it). */
  const addFile = async (
    field: string,
    index: number,
    sentName: string,
    write: (path: string) => Promise<Received>,
  ) => {
    if (files.length >= MAX_FILES)
      throw invalidParameters({ Files: [`At most ${MAX_FILES} files are accepted.`] });
    const fileName = sanitizeFileName(sentName, 'file');
    const path = join(inbox, `${files.length}.${extensionOf(fileName) || 'bin'}`);
    const { size, head } = await write(path);
    files.push({ field, index, path, fileName, ext: extensionOf(fileName), size, head });
    context.metrics.recordInputFile('sent');
  };

  if (request.isMultipart()) {
    const parts = request.parts({
      limits: { fileSize: maxFileSize, files: MAX_FILES, fields: 500, fieldSize: 1024 * 1024 },
    });
    for await (const part of parts) {
      const name = canonicalFieldName(part.fieldname);
      if (part.type === 'field') {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (!takeReference(name, value)) fields[name] = value;
        continue;
      }
      const index = fileFieldIndex(name, next);
      if (index === undefined) {
        part.file.resume(); // not a file field of the contract: drain and ignore
        continue;
      }
      await addFile(name, index, part.filename, (path) =>
        receiveStream(failAtLimit(part.file, maxFileSize), path, maxFileSize),
      );
    }
  } else if (isRawBody(request.body)) {
    // The provider's octet-stream form: the body is the file, the parameters are in the query.
    if (declaredOver(request, maxFileSize)) throw overToolLimit(maxFileSize);
    const body = request.body;
    const sentName = dispositionFileName(request.headers['content-disposition']) ?? '';
    await addFile('File', -1, sentName, (path) => receiveStream(body, path, maxFileSize));
  } else if (request.body && typeof request.body === 'object') {
    for (const entry of jsonBodyEntries(request.body as Record<string, unknown>)) {
      const name = canonicalFieldName(entry.name);
      if (!('file' in entry)) {
        if (!takeReference(name, entry.value)) fields[name] = entry.value;
        continue;
      }
      const index = fileFieldIndex(name, next);
      if (index === undefined) throw invalidParameters({ [name]: [`${name} does not take a file.`] });
      const { data, fileName } = entry.file;
      if (data.length > maxFileSize) throw overToolLimit(maxFileSize);
      await addFile(name === 'Files[]' ? 'Files' : name, index, fileName, async (path) => {
        await writeFile(path, data, { mode: 0o600 });
        // a copy: a view would keep the whole decoded body alive as long as the job
        return { size: data.length, head: Buffer.from(data.subarray(0, SNIFF_BYTES)) };
      });
    }
  } else if (request.body !== undefined) {
    throw new ApiError(
      415,
      ErrorCode.UnsupportedFileType,
      'Send the request as multipart/form-data, application/x-www-form-urlencoded, JSON or the file itself.',
    );
  }

  mergeQueryFields(fields, queryPairs(request), takeReference);

  for (const { field, index, value } of references) {
    if (files.length >= MAX_FILES)
      throw invalidParameters({ Files: [`At most ${MAX_FILES} files are accepted.`] });
    const path = join(inbox, `${files.length}`);
    const received = await fetchReference(context, request, value.trim(), field, path, maxFileSize);
    files.push({ ...received, field, index });
    context.metrics.recordInputFile('reference');
  }
  files.sort((a, b) => a.index - b.index);
  return { fields, files };
}
