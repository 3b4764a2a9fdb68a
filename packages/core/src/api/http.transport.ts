/**
 * Sending one request with upload progress and abort. Browsers use XMLHttpRequest (the only browser
 * API with upload progress events); Node streams the body through fetch and counts the bytes the
 * socket pulls, which is real progress because undici reads the stream under back-pressure.
 */
import { AbortError, isAbortError, NetworkError } from './conversion.errors';
import type { UploadProgress } from './conversion.types';

export interface HttpRequest {
  url: string;
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  headers: Record<string, string>;
  body?: Blob | string;
  signal?: AbortSignal;
  onUploadProgress?: (progress: UploadProgress) => void;
  /** Called as the answer arrives, with all of its text so far (a streamed answer read line by line). */
  onResponseText?: (textSoFar: string) => void;
}

export interface HttpAnswer {
  status: number;
  statusText: string;
  ok: boolean;
  bodyText: string;
  /** The answer's Content-Type (transports of this file always set it). */
  contentType?: string;
}

/** The whole body as text, telling `onText` what has arrived after each chunk. */
async function readText(response: Response, onText?: (textSoFar: string) => void): Promise<string> {
  if (!onText || !response.body) return response.text();
  const decoder = new TextDecoder();
  let text = '';
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    onText(text);
  }
  return text + decoder.decode();
}

export type HttpTransport = (request: HttpRequest) => Promise<HttpAnswer>;

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function progressOf(loaded: number, total: number): UploadProgress {
  const percent = total > 0 ? Math.min(100, Math.floor((loaded / total) * 100)) : loaded > 0 ? 100 : 0;
  return { loaded, total, percent };
}

function bodySize(body: Blob | string | undefined): number {
  if (body === undefined) return 0;
  return typeof body === 'string' ? new TextEncoder().encode(body).byteLength : body.size;
}

/** Slice size handed to the socket; small enough for smooth percentages, large enough to stay cheap. */
const UPLOAD_SLICE = 64 * 1024;

/**
 * A stream over the blob that reports each slice the consumer pulls. Blob parts can arrive as one
 * multi-megabyte chunk, so chunks are re-sliced: otherwise progress would jump from 0 to 100.
 */
function countingStream(blob: Blob, onProgress: (p: UploadProgress) => void): ReadableStream<Uint8Array> {
  const reader = blob.stream().getReader();
  let loaded = 0;
  let pending: Uint8Array | undefined;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!pending || pending.byteLength === 0) {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        pending = value;
      }
      const slice = pending.subarray(0, UPLOAD_SLICE);
      pending = pending.subarray(slice.byteLength);
      controller.enqueue(slice);
      loaded += slice.byteLength;
      onProgress(progressOf(loaded, blob.size));
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

/**
 * fetch-based transport. With `streamUpload` the Blob body is streamed and counted (Node; browsers
 * only allow streamed request bodies over HTTP/2, so they get progress at start and end only).
 */
export function createFetchTransport(fetchImpl: FetchLike, streamUpload: boolean): HttpTransport {
  return async (request) => {
    if (request.signal?.aborted) throw new AbortError();
    const total = bodySize(request.body);
    const report = request.onUploadProgress;
    report?.(progressOf(0, total));
    const stream = streamUpload && report && request.body instanceof Blob;
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers: request.headers,
      ...(request.signal ? { signal: request.signal } : {}),
    };
    if (request.body !== undefined) {
      init.body = stream ? countingStream(request.body as Blob, report) : request.body;
      if (stream) init.duplex = 'half';
    }
    let response: Response;
    try {
      response = await fetchImpl(request.url, init);
    } catch (error) {
      if (isAbortError(error) || request.signal?.aborted) throw new AbortError(undefined, { cause: error });
      throw new NetworkError(undefined, { cause: error });
    }
    if (!stream) report?.(progressOf(total, total));
    let bodyText: string;
    try {
      bodyText = await readText(response, request.onResponseText);
    } catch (error) {
      if (isAbortError(error) || request.signal?.aborted) throw new AbortError(undefined, { cause: error });
      throw new NetworkError('Network error: the server answer was cut off', { cause: error });
    }
    return {
      status: response.status,
      statusText: response.statusText,
      ok: response.ok,
      bodyText,
      contentType: response.headers.get('content-type') ?? '',
    };
  };
}

/** XMLHttpRequest transport (browsers): real `upload.onprogress` events. */
export function createXhrTransport(): HttpTransport {
  return (request) =>
    new Promise<HttpAnswer>((resolve, reject) => {
      if (request.signal?.aborted) {
        reject(new AbortError());
        return;
      }
      const xhr = new XMLHttpRequest();
      xhr.open(request.method, request.url);
      for (const [name, value] of Object.entries(request.headers)) xhr.setRequestHeader(name, value);
      const report = request.onUploadProgress;
      if (report) {
        report(progressOf(0, bodySize(request.body)));
        xhr.upload.onprogress = (event) =>
          report(progressOf(event.loaded, event.lengthComputable ? event.total : 0));
      }
      const onText = request.onResponseText;
      if (onText) xhr.onprogress = () => onText(xhr.responseText);
      const onAbort = () => xhr.abort();
      request.signal?.addEventListener('abort', onAbort, { once: true });
      const settle = () => request.signal?.removeEventListener('abort', onAbort);
      xhr.onload = () => {
        settle();
        resolve({
          status: xhr.status,
          statusText: xhr.statusText,
          ok: xhr.status >= 200 && xhr.status < 300,
          bodyText: typeof xhr.responseText === 'string' ? xhr.responseText : '',
          contentType: xhr.getResponseHeader('content-type') ?? '',
        });
      };
      xhr.onerror = () => {
        settle();
        reject(new NetworkError());
      };
      xhr.ontimeout = xhr.onerror;
      xhr.onabort = () => {
        settle();
        reject(new AbortError());
      };
      xhr.send(request.body ?? null);
    });
}

/** XHR where it exists (browsers), else streamed fetch (Node, workers without XHR). */
export function defaultTransport(fetchImpl?: FetchLike): HttpTransport {
  if (!fetchImpl && typeof XMLHttpRequest !== 'undefined') return createXhrTransport();
  const impl = fetchImpl ?? ((input: string, init?: RequestInit) => globalThis.fetch(input, init));
  return createFetchTransport(impl, typeof XMLHttpRequest === 'undefined');
}
