/**
 * Downloads a remote `File` URL for the HTTP layer, behind the SSRF guard: every hop (the first URL
 * and each redirect) is checked and connected to the exact address that was checked, the body is
 * bounded in bytes and time, and any failure is Code 5007 (a refused first URL is 400/5005).
 */
import { createWriteStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { DomainError, invalidUrl, remoteDownloadFailed } from '../../contract/errors';
import {
  type PinnedTarget,
  policyFromEnv,
  resolvePublicUrl,
  SsrfBlockedError,
  type SsrfPolicy,
} from './url-policy';

export interface FetchRemoteOptions extends SsrfPolicy {
  maxBytes: number;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Follow at most this many redirects (default 5). */
  maxRedirects?: number;
  /** Stream the body to this file instead of memory (recommended above a few MB). */
  destPath?: string;
}

export interface RemoteFile {
  /** The body, when no destPath was given. */
  bytes?: Buffer;
  /** The file written, when destPath was given. */
  path?: string;
  size: number;
  /** From Content-Disposition, else the last path segment of the final URL, else 'download'. */
  fileName: string;
  /** Media type without parameters, lower case ('' when absent). */
  contentType: string;
  /** The URL the body came from after redirects. */
  finalUrl: string;
}

/** Strips folders and control characters so the name is safe to store and show. */
export function sanitiseFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const clean = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim();
  return clean && clean !== '.' && clean !== '..' ? clean.slice(0, 200) : 'download';
}

export function fileNameFrom(contentDisposition: string | undefined, url: URL): string {
  if (contentDisposition) {
    const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(contentDisposition);
    if (star?.[1]) {
      try {
        return sanitiseFileName(decodeURIComponent(star[1].trim()));
      } catch {
        // fall through to the plain parameter
      }
    }
    const plain = /filename\s*=\s*"?([^";]+)"?/.exec(contentDisposition);
    if (plain?.[1]) return sanitiseFileName(plain[1]);
  }
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return sanitiseFileName(decodeURIComponent(last));
  } catch {
    return sanitiseFileName(last);
  }
}

/** A lookup that answers with the address the guard already checked, whatever the name. */
export const pinnedLookup =
  (target: PinnedTarget): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) {
      (callback as (err: null, addresses: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    } else callback(null, target.address, target.family);
  };

function requestOnce(target: PinnedTarget, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = target.url.protocol === 'https:' ? https : http;
    const request = client.request(
      target.url,
      {
        method: 'GET',
        lookup: pinnedLookup(target),
        signal,
        headers: { 'user-agent': 'docstudio-server', accept: '*/*', 'accept-encoding': 'identity' },
        agent: false,
      },
      resolve,
    );
    request.on('error', reject);
    request.end();
  });
}

async function readBody(
  response: http.IncomingMessage,
  options: FetchRemoteOptions,
): Promise<Buffer | number> {
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > options.maxBytes) {
    response.destroy();
    throw remoteDownloadFailed(`the file is larger than ${options.maxBytes} bytes.`, 'size');
  }
  const sink = options.destPath ? createWriteStream(options.destPath, { mode: 0o600 }) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of response as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > options.maxBytes) {
        response.destroy();
        throw remoteDownloadFailed(`the file is larger than ${options.maxBytes} bytes.`, 'size');
      }
      if (sink) {
        if (!sink.write(chunk)) await new Promise<void>((done) => sink.once('drain', () => done()));
      } else chunks.push(chunk);
    }
  } finally {
    if (sink) await new Promise<void>((done) => sink.end(() => done()));
  }
  return sink ? size : Buffer.concat(chunks);
}

/** Downloads `rawUrl` following redirects safely; see the module comment. */
export async function fetchRemoteFile(rawUrl: string, options: FetchRemoteOptions): Promise<RemoteFile> {
  const policy: SsrfPolicy = { ...policyFromEnv(), ...options };
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const maxRedirects = options.maxRedirects ?? 5;
  let current = rawUrl;
  try {
    for (let hop = 0; hop <= maxRedirects; hop++) {
      let target: PinnedTarget;
      try {
        target = await resolvePublicUrl(current, policy);
      } catch (error) {
        if (error instanceof SsrfBlockedError) {
          if (hop === 0) throw invalidUrl(`Invalid URL: ${error.message}`);
          throw remoteDownloadFailed(`a redirect was refused: ${error.message}`);
        }
        throw error;
      }
      const response = await requestOnce(target, signal);
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        current = new URL(response.headers.location, target.url).href;
        continue;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        throw remoteDownloadFailed(`the server answered HTTP ${status}.`);
      }
      const body = await readBody(response, options);
      const fileName = fileNameFrom(response.headers['content-disposition'], target.url);
      const contentType = (response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
      const base = { fileName, contentType, finalUrl: target.url.href };
      return typeof body === 'number'
        ? { ...base, path: options.destPath, size: body }
        : { ...base, bytes: body, size: body.length };
    }
    throw remoteDownloadFailed(`more than ${maxRedirects} redirects.`);
  } catch (error) {
    if (options.destPath) await unlink(options.destPath).catch(() => undefined);
    if (error instanceof DomainError) throw error;
    if (timeout.aborted) throw remoteDownloadFailed('it took too long.', 'time');
    if (options.signal?.aborted) throw options.signal.reason instanceof Error ? options.signal.reason : error;
    throw remoteDownloadFailed(error instanceof Error ? error.message : 'network error.');
  }
}
