/**
 * Runs one conversion as a job: waits for its engine's slot in the queue, gives the converter its
 * time limit through the context's AbortSignal, encrypts the results into the store, and removes the
 * plaintext work folder whatever happens.
 */
import { readFile, stat } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { ServerConfig } from '../config';
import { conversionFailed, engineTimeout } from '../contract/errors';
import type { Converter, ConverterInputFile, ConverterResultFile } from '../converters/converter.types';
import type { MetricsRegistry } from '../http/metrics';
import type { SsrfPolicy } from '../security/ssrf';
import { extensionOf, sanitizeFileName } from '../storage/file-names';
import type { FileStore } from '../storage/file-store';
import { removeWorkDir } from '../storage/work-dir';
import { convertWithoutActiveContent } from './active-content';
import type { JobQueue } from './job-queue';

export interface ResultFileJson {
  FileName: string;
  FileExt: string;
  FileSize: number;
  FileId?: string;
  Url?: string;
  /** Base64 of the file when StoreFile=false (the provider's inline answer). */
  FileData?: string;
  /** What a converter reports about this file beyond the provider's fields (pdf/to/redact: `Redaction`). */
  [report: string]: unknown;
}

export interface ConversionAnswer {
  ConversionCost: number;
  ConversionTime: number;
  Files: ResultFileJson[];
}

export interface ConversionRequest {
  converter: Converter;
  ownerId: string;
  files: ConverterInputFile[];
  url?: string;
  params: Record<string, string>;
  workDir: string;
  timeoutMs: number;
  storeFile: boolean;
  /** Makes the absolute download Url of a stored result. */
  downloadUrl: (fileId: string, fileName: string) => string;
  /** Aborted when the client goes away (synchronous requests only). */
  clientSignal?: AbortSignal;
  /** Called when the job leaves the queue and starts. */
  onStart?: () => void;
  /**
   * When the job was accepted (ms since the epoch; default: when runConversion is called). Its
   * Timeout counts from here, so time spent waiting in the queue counts too.
   */
  acceptedAt?: number;
}

export interface ConversionDeps {
  queue: JobQueue;
  store: FileStore;
  metrics: MetricsRegistry;
  config: Pick<ServerConfig, 'allowPrivateUrls' | 'allowedOrigins'>;
}

/** Inline results larger than this must be stored instead (StoreFile=false). */
const MAX_INLINE_BYTES = 20 * 1024 * 1024;

function checkResultPath(workDir: string, file: ConverterResultFile): string {
  const absolute = resolve(file.path);
  const inside = relative(workDir, absolute);
  if (!inside || inside.startsWith('..') || resolve(workDir, inside) !== absolute) {
    throw conversionFailed('The converter produced a file outside its work folder.');
  }
  return absolute;
}

/** The SSRF policy of the server's config, as the guard takes it. */
export const urlPolicyOf = (config: ConversionDeps['config']): SsrfPolicy => ({
  allowPrivate: config.allowPrivateUrls,
  allowedOrigins: config.allowedOrigins,
});

async function runWithTimeout(
  deps: ConversionDeps,
  request: ConversionRequest,
  /** Aborted when the server's shutdown grace is over (the queue's cancel()). */
  shutdownSignal: AbortSignal,
): Promise<ConverterResultFile[]> {
  const controller = new AbortController();
  const deadline = (request.acceptedAt ?? Date.now()) + request.timeoutMs;
  if (deadline <= Date.now()) throw queuedTooLong();
  const timer = setTimeout(() => controller.abort(engineTimeout()), deadline - Date.now());
  const onClientGone = (): void => controller.abort(conversionFailed('The client closed the request.'));
  request.clientSignal?.addEventListener('abort', onClientGone, { once: true });
  const onShutdown = (): void => controller.abort(shutdownSignal.reason);
  shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  try {
    // Race the converter against its signal, so a converter that ignores the signal still ends the job.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    return await Promise.race([
      convertWithoutActiveContent(
        request.converter.endpoint,
        {
          files: request.files,
          url: request.url,
          params: request.params,
          workDir: request.workDir,
          signal: controller.signal,
          deadline: Math.max(0, deadline - Date.now()),
          urlPolicy: urlPolicyOf(deps.config),
        },
        (context) => request.converter.convert(context),
      ),
      aborted,
    ]);
  } finally {
    clearTimeout(timer);
    request.clientSignal?.removeEventListener('abort', onClientGone);
    shutdownSignal.removeEventListener('abort', onShutdown);
  }
}

async function storeResults(
  deps: ConversionDeps,
  request: ConversionRequest,
  results: ConverterResultFile[],
) {
  if (results.length === 0) throw conversionFailed('The conversion produced no file.');
  const files: ResultFileJson[] = [];
  for (const result of results) {
    const path = checkResultPath(request.workDir, result);
    const fileName = sanitizeFileName(result.fileName, 'result');
    const size = (await stat(path)).size;
    if (!request.storeFile && size <= MAX_INLINE_BYTES) {
      const data = await readFile(path);
      files.push({
        FileName: fileName,
        FileExt: extensionOf(fileName),
        FileSize: size,
        FileData: data.toString('base64'),
        ...result.report,
      });
      continue;
    }
    const stored = await deps.store.saveFromPath(path, {
      ownerId: request.ownerId,
      fileName,
      kind: 'result',
    });
    files.push({
      FileName: stored.fileName,
      FileExt: stored.ext,
      FileSize: stored.size,
      FileId: stored.id,
      Url: request.downloadUrl(stored.id, stored.fileName),
      ...result.report,
    });
  }
  return files;
}

const queuedTooLong = () =>
  engineTimeout('The conversion waited in the queue longer than its time limit. Please try again later.');

export async function runConversion(
  deps: ConversionDeps,
  request: ConversionRequest,
): Promise<ConversionAnswer> {
  const endpoint = request.converter.endpoint;
  const acceptedAt = request.acceptedAt ?? Date.now();
  // A job still waiting for its engine when its time is up leaves the queue with 504, never runs.
  const queueDeadline = AbortSignal.timeout(Math.max(0, acceptedAt + request.timeoutMs - Date.now()));
  const waitSignal = request.clientSignal
    ? AbortSignal.any([queueDeadline, request.clientSignal])
    : queueDeadline;
  try {
    return await deps.queue.enqueue(
      request.converter.engine,
      { signal: waitSignal },
      async (shutdownSignal) => {
        request = { ...request, acceptedAt };
        request.onStart?.();
        const started = performance.now();
        try {
          const results = await runWithTimeout(deps, request, shutdownSignal);
          const files = await storeResults(deps, request, results);
          const seconds = (performance.now() - started) / 1000;
          deps.metrics.recordConversion(endpoint, 'success', seconds);
          return { ConversionCost: 1, ConversionTime: Math.max(1, Math.ceil(seconds)), Files: files };
        } catch (error) {
          deps.metrics.recordConversion(endpoint, 'failure', (performance.now() - started) / 1000);
          throw error;
        }
      },
    );
  } finally {
    await removeWorkDir(request.workDir);
  }
}
