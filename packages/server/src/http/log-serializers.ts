/**
 * What a log line may say about a request, its answer and an error. Logs are read by more people,
 * and kept longer, than the documents: they never hold a query string (sign-in arrivals carry
 * `?auth=<token>`), a file name (often a patient's or client's name), a token, a password, a header,
 * a body or document text. A request is described by its route pattern (`/api/d/:fileId/:fileName`),
 * method and the ids that are not secrets; a FileId is a capability (it alone grants the download),
 * so only a short one-way hash of it is logged, enough to find one file's requests in the log.
 */
import { createHash } from 'node:crypto';

/** Longest message kept: enough to diagnose, too short to carry a document's contents. */
const MAX_MESSAGE_LENGTH = 300;
/** Stack frames kept (code locations only: the message line above them is dropped). */
const MAX_FRAMES = 12;

/**
 * Replaces what may be user data in a free-text message: JWTs, quoted values (file names, JSON
 * snippets that JSON.parse quotes), everything after the first ': ' (where our errors put an engine's
 * output: `qpdf failed: <stderr>`), query strings, paths and file names; then shortens it.
 */
export function redactText(text: string): string {
  const unquoted = text
    .replace(/eyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]')
    .replace(/"[^"]*"|'[^']*'|`[^`]*`/g, '[quoted]');
  const colon = unquoted.indexOf(': ');
  return (colon >= 0 ? `${unquoted.slice(0, colon)}: [detail]` : unquoted)
    .replace(/\?\S+/g, '?[query]')
    .replace(/(^|[\s(=[,])\/\S*/g, '$1[path]')
    .replace(/[^\s/[\]()]+\.[A-Za-z0-9]{2,5}(?=$|[\s,;:)\]])/g, '[file]')
    .slice(0, MAX_MESSAGE_LENGTH);
}

/** A FileId's log name: 12 hex digits of its SHA-256 (an operator hashes a known id to grep for it). */
export function fileRef(fileId: string): string {
  return createHash('sha256').update(fileId).digest('hex').slice(0, 12);
}

const PLAIN_ID = /^[\w-]{1,64}$/;
/** An error code such as ENOENT or FST_ERR_CTP_INVALID_MEDIA_TYPE. */
const ERROR_CODE = /^[A-Z][A-Z0-9_]{1,63}$/;
const CONVERTER_ENDPOINT = /^[a-z]+(?:\/[a-z]+){1,2}$/;

/** The route parameters a line may carry, by name; any other (fileName, a page path) is dropped. */
function loggableParams(params: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  const { fileId, jobId, id, '*': wildcard } = params;
  if (typeof fileId === 'string') out.fileRef = fileRef(fileId);
  if (typeof jobId === 'string' && PLAIN_ID.test(jobId)) out.jobId = jobId;
  if (typeof id === 'string' && PLAIN_ID.test(id)) out.id = id;
  if (typeof wildcard === 'string' && CONVERTER_ENDPOINT.test(wildcard)) out.endpoint = wildcard;
  return out;
}

interface LoggedRequest {
  method?: string;
  routeOptions?: { url?: string };
  params?: unknown;
}

/** `req`: method, route pattern ('unmatched' when no route) and the loggable ids. */
export function serializeRequest(request: unknown): Record<string, unknown> {
  const { method, routeOptions, params } = (request ?? {}) as LoggedRequest;
  const route = routeOptions?.url ?? 'unmatched';
  const ids =
    route !== 'unmatched' && params && typeof params === 'object'
      ? loggableParams(params as Record<string, unknown>)
      : {};
  return { method, route, ...ids };
}

/** `res`: the status only (headers may name the file in Content-Disposition). */
export function serializeReply(reply: unknown): Record<string, unknown> {
  return { statusCode: (reply as { statusCode?: number } | undefined)?.statusCode };
}

/**
 * `err`: type, code, status, the redacted message and the stack's code locations. Nothing else: an
 * engine error's own fields (stderr, the command line, a request) can hold paths and document text.
 */
export function serializeError(error: unknown): {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
} {
  if (!(error instanceof Error)) return { type: typeof error, message: '', stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  // The stack starts with the message (which may span lines): skip it, keep code locations only.
  const stack = error.stack ?? '';
  const header = `${error.name}: ${error.message}`;
  const frames = (stack.startsWith(header) ? stack.slice(header.length) : stack)
    .split('\n')
    .filter((line) => /^\s+at .*:\d+:\d+\)?$/.test(line))
    .slice(0, MAX_FRAMES)
    .map((line) => line.trim())
    .join('\n');
  return {
    type: error.name,
    ...(typeof code === 'number' || (typeof code === 'string' && ERROR_CODE.test(code)) ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    message: redactText(error.message),
    stack: frames,
    ...(error.cause instanceof Error ? { cause: { type: error.cause.name } } : {}),
  };
}
