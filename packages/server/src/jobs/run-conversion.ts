/**
 * One converter run inside a job: waits for its engine's slot in the queue (leaving it with 504 when
 * its time is up first), gives the converter its `deadlineAt` and an AbortSignal that fires then,
 * stores the results, records the conversion's metrics, and removes the plaintext work folder
 * whatever happens. Its input was resolved and checked at the HTTP edge: nothing is validated here.
 */
import type { ServerConfig } from '../config';
import { conversionFailed, engineTimeout } from '../contract/errors';
import type { Converter, ConverterResultFile } from '../converters/converter.types';
import type { SsrfPolicy } from '../security/ssrf';
import type { FileStore } from '../storage/file-store';
import { removeWorkDir } from '../storage/work-dir';
import { convertWithoutActiveContent } from './active-content';
import type { ConversionInput } from './conversion-input';
import type { JobQueue } from './job-queue';
import { type ConversionAnswer, type ResultTarget, storeResults } from './result-files';

export interface ConversionRequest extends ResultTarget {
  converter: Converter;
  input: ConversionInput;
  /**
   * When the conversion's time is up (epoch ms): its Timeout counted from when it was accepted, so
   * time spent waiting in the queue counts too.
   */
  deadlineAt: number;
  /** Aborted when the client goes away (synchronous requests only). */
  clientSignal?: AbortSignal;
  /** Called when the job leaves the queue and starts. */
  onStart?: () => void;
  /** Called once the job is in its queue (with Redis: stored in Redis, safe from this node's end). */
  onQueued?: () => void;
  /** The job record this conversion answers (a queued conversion's worker ends it itself). */
  jobId?: string;
  /** Base of the result Urls a worker writes into that record (the request's public base). */
  urlBase?: string;
}

/** A conversion's `deadlineAt` when it is accepted now with this Timeout. */
export const deadlineFromNow = (timeoutSeconds: number): number => Date.now() + timeoutSeconds * 1000;

/** How a conversion ended; 'aborted' when its client went away (a Cancel) before the result. */
export type ConversionOutcome = 'success' | 'failure' | 'aborted';

/** Where conversions are counted (the server's Prometheus registry). */
export interface ConversionMetrics {
  recordConversion(endpoint: string, outcome: ConversionOutcome, seconds: number): void;
}

export interface ConversionDeps {
  queue: JobQueue;
  store: FileStore;
  metrics: ConversionMetrics;
  config: Pick<ServerConfig, 'allowPrivateUrls' | 'allowedOrigins'>;
}

/** The SSRF policy of the server's config, as the guard takes it. */
export const urlPolicyOf = (config: ConversionDeps['config']): SsrfPolicy => ({
  allowPrivate: config.allowPrivateUrls,
  allowedOrigins: config.allowedOrigins,
});

const queuedTooLong = () =>
  engineTimeout('The conversion waited in the queue longer than its time limit. Please try again later.');

async function runWithTimeout(
  deps: ConversionDeps,
  request: ConversionRequest,
  /** Aborted when the server's shutdown grace is over (the queue's cancel()). */
  shutdownSignal: AbortSignal,
): Promise<ConverterResultFile[]> {
  const controller = new AbortController();
  const { deadlineAt } = request;
  if (deadlineAt <= Date.now()) throw queuedTooLong();
  const timer = setTimeout(() => controller.abort(engineTimeout()), deadlineAt - Date.now());
  const onClientGone = (): void => controller.abort(conversionFailed('The client closed the request.'));
  request.clientSignal?.addEventListener('abort', onClientGone, { once: true });
  const onShutdown = (): void => controller.abort(shutdownSignal.reason);
  shutdownSignal.addEventListener('abort', onShutdown, { once: true });
  const { converter, input } = request;
  try {
    // Race the converter against its signal, so a converter that ignores the signal still ends the job.
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    return await Promise.race([
      convertWithoutActiveContent(
        converter.endpoint,
        input.keepActiveContent,
        {
          files: input.files,
          url: input.url,
          params: input.params,
          workDir: request.workDir,
          signal: controller.signal,
          deadlineAt,
          urlPolicy: urlPolicyOf(deps.config),
        },
        (context) => converter.convert(context),
      ),
      aborted,
    ]);
  } finally {
    clearTimeout(timer);
    request.clientSignal?.removeEventListener('abort', onClientGone);
    shutdownSignal.removeEventListener('abort', onShutdown);
  }
}

export async function runConversion(
  deps: ConversionDeps,
  request: ConversionRequest,
): Promise<ConversionAnswer> {
  const endpoint = request.converter.endpoint;
  // A job still waiting for its engine when its time is up leaves the queue with 504, never runs.
  const timeUp = AbortSignal.timeout(Math.max(0, request.deadlineAt - Date.now()));
  const waitSignal = request.clientSignal ? AbortSignal.any([timeUp, request.clientSignal]) : timeUp;
  request.onQueued?.();
  try {
    return await deps.queue.enqueue(
      request.converter.engine,
      { signal: waitSignal },
      async (shutdownSignal) => {
        request.onStart?.();
        const started = performance.now();
        try {
          const results = await runWithTimeout(deps, request, shutdownSignal);
          const files = await storeResults(deps.store, request, results);
          const seconds = (performance.now() - started) / 1000;
          deps.metrics.recordConversion(endpoint, 'success', seconds);
          return { ConversionCost: 1, ConversionTime: Math.max(1, Math.ceil(seconds)), Files: files };
        } catch (error) {
          const outcome = request.clientSignal?.aborted ? 'aborted' : 'failure';
          deps.metrics.recordConversion(endpoint, outcome, (performance.now() - started) / 1000);
          throw error;
        }
      },
    );
  } finally {
    await removeWorkDir(request.workDir);
  }
}
