/**
 * One converter run inside a job: waits for its engine's slot in the queue (leaving it with 504 when
 * its time is up first), gives the converter its `deadlineAt` and an AbortSignal that fires then,
 * stores the results, records the conversion's metrics, and removes the plaintext work folder
 * whatever happens. Its input was resolved and checked at the HTTP edge: nothing is validated here.
 */
import type { ServerConfig } from '../config';
import { conversionFailed, engineTimeout } from '../contract/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converters/converter.types';
import { workEnds, workStarts } from '../engines/idle-collection';
import type { SsrfPolicy } from '../security/ssrf';
import type { FileStore } from '../storage/file-store';
import { removeWorkDir } from '../storage/work-dir';
import { convertWithoutActiveContent } from './active-content';
import type { ConversionInput } from './conversion-input';
import type { JobQueue } from './job-queue';
import { type ConversionAnswer, type ResultFileJson, type ResultTarget, storeResults } from './result-files';

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
  /**
   * Called with each result the converter finishes ahead of the others (pdf/to/jpg's pages), once it
   * is stored: a client streaming the answer gets it before the conversion ends. Results a converter
   * makes together, and conversions run by a worker process (REDIS_URL), only come in the answer.
   */
  onResultStored?: (file: ResultFileJson, index: number) => void;
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

/**
 * The results a converter announces before it ends, each stored at once (by path) and passed to
 * `announce`; the answer takes them from here instead of storing them again.
 */
function earlyResults(
  store: FileStore,
  target: ResultTarget,
  announce: (file: ResultFileJson, index: number) => void,
) {
  const stored = new Map<string, Promise<ResultFileJson>>();
  const take = (result: ConverterResultFile, index: number): void => {
    const saving = storeResults(store, target, [result]).then(([file]) => {
      announce(file as ResultFileJson, index);
      return file as ResultFileJson;
    });
    saving.catch(() => undefined); // the answer awaits it (and fails with its error)
    stored.set(result.path, saving);
  };
  return { take, stored };
}

async function runWithTimeout(
  deps: ConversionDeps,
  request: ConversionRequest,
  /** Aborted when the server's shutdown grace is over (the queue's cancel()). */
  shutdownSignal: AbortSignal,
  onResultReady: ConverterContext['onResultReady'],
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
          onResultReady,
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
        const early = request.onResultStored && earlyResults(deps.store, request, request.onResultStored);
        // a job of a queue (a cluster's worker node, an asynchronous run) is work without a request
        workStarts();
        try {
          const results = await runWithTimeout(deps, request, shutdownSignal, early?.take);
          const files = await storeResults(deps.store, request, results, early?.stored);
          const seconds = (performance.now() - started) / 1000;
          deps.metrics.recordConversion(endpoint, 'success', seconds);
          return { ConversionCost: 1, ConversionTime: Math.max(1, Math.ceil(seconds)), Files: files };
        } catch (error) {
          // results stored ahead stay the client's (it may be downloading them); none may still be
          // reading the work folder when it is removed
          await Promise.allSettled(early?.stored.values() ?? []);
          const outcome = request.clientSignal?.aborted ? 'aborted' : 'failure';
          deps.metrics.recordConversion(endpoint, outcome, (performance.now() - started) / 1000);
          throw error;
        } finally {
          workEnds();
        }
      },
    );
  } finally {
    await removeWorkDir(request.workDir);
  }
}
