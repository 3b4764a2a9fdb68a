/**
 * Reading the server's answers. Pure functions over status + body text, so every malformed shape is
 * unit-testable without a network: a caller only ever sees a ConversionResult or a ConversionError.
 */
import { conversionFailedMessage } from '../catalogue';
import { ConversionError } from './conversion.errors';
import type {
  ConversionFile,
  ConversionResult,
  ErrorResponseDto,
  ServerRunResult,
  ServerRunStep,
  UploadedFile,
} from './conversion.types';

interface AnswerMeta {
  status: number;
  statusText: string;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asString(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function asNumber(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : 0;
}

function extensionOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 && dot < fileName.length - 1 ? fileName.slice(dot + 1).toLowerCase() : '';
}

function lastPathSegment(url: string): string {
  try {
    const segment = new URL(url, 'http://placeholder.invalid').pathname.split('/').pop() ?? '';
    return decodeURIComponent(segment);
  } catch {
    return '';
  }
}

/** Human text for a status when the server gave no Message; Node and HTTP/2 may give an empty reason. */
export function statusLabel(meta: AnswerMeta): string {
  return meta.statusText.trim() || `HTTP ${meta.status}`;
}

/** `InvalidParameters` as `{Name: [messages]}`; single strings are accepted and wrapped. */
export function readFieldErrors(value: unknown): Record<string, string[]> {
  if (!isRecord(value)) return {};
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).map(asString).filter((m) => m.length > 0);
    if (list.length > 0) fieldErrors[name] = list;
  }
  return fieldErrors;
}

/**
 * A non-OK answer as a ConversionError: the server's Message, else '{fallbackPrefix}: {status text}'
 * (spec part 1 section 8: 'Conversion failed: {status text}').
 */
export function parseErrorAnswer(
  meta: AnswerMeta,
  bodyText: string,
  fallbackPrefix = 'Conversion failed',
): ConversionError {
  const body = parseJson(bodyText);
  const dto: ErrorResponseDto = isRecord(body) ? (body as ErrorResponseDto) : {};
  const serverMessage = typeof dto.Message === 'string' ? dto.Message.trim() : '';
  const code = typeof dto.Code === 'number' && Number.isFinite(dto.Code) ? dto.Code : undefined;
  const fallback =
    fallbackPrefix === 'Conversion failed'
      ? conversionFailedMessage(statusLabel(meta))
      : `${fallbackPrefix}: ${statusLabel(meta)}`;
  return new ConversionError(serverMessage || fallback, {
    status: meta.status,
    statusText: meta.statusText,
    ...(code === undefined ? {} : { code }),
    ...(serverMessage ? { serverMessage } : {}),
    fieldErrors: readFieldErrors(dto.InvalidParameters),
  });
}

function unreadable(meta: AnswerMeta, what: string): ConversionError {
  return new ConversionError(`Conversion failed: ${what}`, {
    status: meta.status,
    statusText: meta.statusText,
  });
}

function readResultFile(value: unknown): ConversionFile | undefined {
  if (!isRecord(value)) return undefined;
  const url = asString(value.Url).trim();
  const fileId = asString(value.FileId).trim();
  if (!url && !fileId) return undefined;
  const fileName = asString(value.FileName).trim() || lastPathSegment(url) || 'result';
  const fileExt = asString(value.FileExt).trim().toLowerCase().replace(/^\./, '') || extensionOf(fileName);
  return { fileName, fileSize: asNumber(value.FileSize), url, fileId, fileExt };
}

/**
 * The complete lines of a streamed answer (`STREAMED_ANSWER_TYPE`: `{Index, File}` per result stored
 * ahead of the others, the answer last) from `text` on `from`; `next` is where the first incomplete
 * line starts.
 */
export function streamedLines(
  text: string,
  from: number,
): { files: Array<{ index: number; file: ConversionFile }>; next: number } {
  const files: Array<{ index: number; file: ConversionFile }> = [];
  let start = from;
  for (let end = text.indexOf('\n', start); end >= 0; end = text.indexOf('\n', start)) {
    const line = parseJson(text.slice(start, end));
    start = end + 1;
    if (!isRecord(line) || typeof line.Index !== 'number') continue;
    const file = readResultFile(line.File);
    if (file) files.push({ index: line.Index, file });
  }
  return { files, next: start };
}

/**
 * A streamed answer's outcome, from its last line: the answer (as parseConversionAnswer reads it),
 * or the failure that ended it after the 200 was sent (`{Status, Code, Message}`), thrown as the
 * ConversionError the same failure would have been without the stream.
 */
export function parseStreamedAnswer(meta: AnswerMeta, bodyText: string): ConversionResult {
  const last = bodyText.trimEnd().split('\n').at(-1) ?? '';
  const body = parseJson(last);
  if (isRecord(body) && !Array.isArray(body.Files) && typeof body.Status === 'number') {
    throw parseErrorAnswer({ status: body.Status, statusText: '' }, last);
  }
  return parseConversionAnswer(meta, last);
}

/** An OK conversion answer as a ConversionResult; an answer without a usable Files list is an error. */
export function parseConversionAnswer(meta: AnswerMeta, bodyText: string): ConversionResult {
  const body = parseJson(bodyText);
  if (!isRecord(body)) return throwError(unreadable(meta, 'the server answer could not be read'));
  if (!Array.isArray(body.Files)) return throwError(unreadable(meta, 'the server answer lists no files'));
  const files = body.Files.map(readResultFile);
  if (files.some((f) => f === undefined)) {
    return throwError(unreadable(meta, 'a result file in the server answer has no Url or FileId'));
  }
  return {
    files: files as ConversionFile[],
    conversionCost: asNumber(body.ConversionCost),
    conversionTime: asNumber(body.ConversionTime),
  };
}

/** The JobId of an accepted Async request (202 `{JobId}`). */
export function parseJobId(meta: AnswerMeta, bodyText: string): string {
  const body = parseJson(bodyText);
  const jobId = isRecord(body) ? asString(body.JobId).trim() : '';
  return jobId || throwError(unreadable(meta, 'the server answer has no JobId'));
}

function readRunStep(value: unknown, index: number): ServerRunStep {
  const step = isRecord(value) ? value : {};
  const message = asString(step.Message).trim();
  return {
    order: asNumber(step.Order) || index + 1,
    endpoint: asString(step.Endpoint),
    completed: step.Status === 'Completed',
    ...(message ? { message } : {}),
    conversions: asNumber(step.Conversions),
  };
}

/** The finished job of a workflow run on the server: the conversion answer plus its `Steps`. */
export function parseServerRunAnswer(meta: AnswerMeta, bodyText: string): ServerRunResult {
  const result = parseConversionAnswer(meta, bodyText);
  const body = parseJson(bodyText) as Record<string, unknown>;
  const steps = Array.isArray(body.Steps) ? body.Steps.map(readRunStep) : [];
  return { ...result, steps };
}

/** An OK `POST upload` answer. */
export function parseUploadAnswer(meta: AnswerMeta, bodyText: string): UploadedFile {
  const body = parseJson(bodyText);
  const fileId = isRecord(body) ? asString(body.FileId).trim() : '';
  if (!isRecord(body) || !fileId) {
    throw new ConversionError('Upload failed: the server answer has no FileId', {
      status: meta.status,
      statusText: meta.statusText,
    });
  }
  const fileName = asString(body.FileName).trim();
  return {
    fileId,
    fileName,
    fileExt: asString(body.FileExt).trim().toLowerCase() || extensionOf(fileName),
  };
}

function throwError(error: Error): never {
  throw error;
}
