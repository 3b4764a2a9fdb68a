/**
 * The API node's side of REDIS_URL: a checked conversion's inputs are sealed into the shared store,
 * the conversion goes onto its engine's BullMQ queue as plain data (queued-conversion.ts), and the
 * request's answer comes from QueueEvents when a worker has finished it. Queue bounds and deadlines
 * hold as in-process: MAX_QUEUE counts the jobs waiting or running on every engine queue (429 with
 * Retry-After past it, every engine's queue counted, whichever node filled it), and a job still
 * waiting when its time is up is taken off the queue (504).
 */
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import type { EngineName } from '../config';
import { conversionFailed, DomainError, ErrorCode, engineTimeout } from '../contract/errors';
import type { FileStore } from '../storage/file-store';
import type { KeyRing } from '../storage/key-ring';
import { removeWorkDir } from '../storage/work-dir';
import { publishCancel } from './conversion-cancels';
import type { Conversions } from './conversions';
import {
  errorFromFailureText,
  openAnswer,
  type QueuedConversion,
  type QueuedInput,
  type QueuedJobData,
  type SealedForQueue,
  sealConversion,
} from './queued-conversion';
import { engineQueueName, redisConnection } from './redis-connection';
import type { ConversionAnswer } from './result-files';
import type { ConversionRequest } from './run-conversion';

/** A worker finishing a job just at its deadline still gets this long to report it. */
const ANSWER_GRACE_MS = 15_000;

export interface RedisConversionsOptions {
  redisUrl: string;
  /** REDIS_KEY_PREFIX: whose queues these are. */
  keyPrefix: string;
  /** Every engine the cluster's converters run on: MAX_QUEUE bounds the jobs of all their queues. */
  engines: readonly EngineName[];
  store: FileStore;
  /** Seals each job's data in Redis (the cluster's shared STORAGE_KEY). */
  keys: KeyRing;
  maxQueue: number;
  retryAfterSeconds?: number;
}

interface EngineQueue {
  queue: Queue<QueuedJobData, SealedForQueue>;
  /** Made when this node first sends a job there (each holds a blocking connection of its own). */
  events?: QueueEvents;
  ready?: Promise<unknown>;
}

const stalledTwice = (): DomainError =>
  new DomainError(
    ErrorCode.ConversionFailed,
    'The worker running this conversion stopped, and so did the one that tried again. Please send it again.',
    { transient: true },
  );

/** What the API node answers for a job that failed on (or because of) a worker. */
export function failureOfQueuedJob(keys: KeyRing, reason: string | undefined): DomainError {
  const known = errorFromFailureText(keys, reason);
  if (known) return known;
  if (reason?.includes('stalled')) return stalledTwice();
  return conversionFailed();
}

export class RedisConversions implements Conversions {
  private readonly queues = new Map<EngineName, EngineQueue>();
  /** One connection for every engine queue's commands (adds, counts); BullMQ leaves it open on close. */
  private readonly connection: Redis;
  private closed = false;
  /** Conversions whose answers this node still waits for, and their inputs' deletions (close() lets them end first). */
  private readonly inFlight = new Set<Promise<unknown>>();

  constructor(private readonly options: RedisConversionsOptions) {
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
    for (const engine of options.engines)
      this.queues.set(engine, {
        queue: new Queue(engineQueueName(engine), { connection: this.connection, prefix: options.keyPrefix }),
      });
  }

  private engineQueue(engine: EngineName): Required<EngineQueue> {
    let entry = this.queues.get(engine);
    if (!entry) {
      entry = {
        queue: new Queue(engineQueueName(engine), {
          connection: this.connection,
          prefix: this.options.keyPrefix,
        }),
      };
      this.queues.set(engine, entry);
    }
    if (!entry.events) {
      entry.events = new QueueEvents(engineQueueName(engine), {
        connection: redisConnection(this.options.redisUrl),
        prefix: this.options.keyPrefix,
      });
      entry.ready = entry.events.waitUntilReady();
    }
    return entry as Required<EngineQueue>;
  }

  /** Jobs waiting or running on every engine's queue, sent by any node (MAX_QUEUE bounds their sum). */
  private async inQueue(): Promise<number> {
    const counts = await Promise.all(
      [...this.queues.values()].map(({ queue }) =>
        queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized'),
      ),
    );
    return counts.reduce((sum, count) => sum + Object.values(count).reduce((a, b) => a + b, 0), 0);
  }

  run(request: ConversionRequest): Promise<ConversionAnswer> {
    return this.tracked(this.send(request));
  }

  private tracked<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = (): boolean => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  private async send(request: ConversionRequest): Promise<ConversionAnswer> {
    const inputs: QueuedInput[] = [];
    try {
      if (this.closed)
        throw new DomainError(ErrorCode.NotReady, 'The server is shutting down. Please try again shortly.');
      const entry = this.engineQueue(request.converter.engine);
      if ((await this.inQueue()) >= this.options.maxQueue) {
        throw new DomainError(
          ErrorCode.QueueFull,
          'Too many conversions are waiting. Please try again shortly.',
          {
            retryAfterSeconds: this.options.retryAfterSeconds ?? 10,
          },
        );
      }
      for (const file of request.input.files) {
        const stored = await this.options.store.saveFromPath(file.path, {
          ownerId: request.ownerId,
          fileName: file.fileName,
          kind: 'upload',
        });
        inputs.push({ fileId: stored.id, fileName: file.fileName, ext: file.ext, size: file.size });
      }
      // The plaintext copies are not needed here any more: the worker decrypts its own.
      await removeWorkDir(request.workDir);
      await entry.ready;
      const job = await entry.queue.add(
        request.converter.endpoint,
        sealConversion(this.options.keys, this.dataOf(request, inputs)),
        {
          // Kept a while so any API node can still read the answer; Redis does not grow without end.
          removeOnComplete: { age: 3600, count: 1000 },
          removeOnFail: { age: 3600, count: 1000 },
          // The second attempt is only for a worker that shut down under the job (conversion-worker.ts).
          attempts: 2,
        },
      );
      // In Redis now: an Async job's client may hear its JobId (the worker marks it running).
      request.onQueued?.();
      return await this.answerOf(entry, job.id as string, request);
    } finally {
      await removeWorkDir(request.workDir);
      // The inputs' sealed copies go once the answer is out, not before it: on a database across a
      // network those are round trips the client need not wait for (a file the node never gets to
      // delete is the sweeper's at the end of its retention).
      void this.tracked(Promise.allSettled(inputs.map((input) => this.options.store.delete(input.fileId))));
    }
  }

  private dataOf(request: ConversionRequest, inputs: QueuedInput[]): QueuedConversion {
    return {
      endpoint: request.converter.endpoint,
      ownerId: request.ownerId,
      inputs,
      url: request.input.url,
      params: request.input.params,
      keepActiveContent: request.input.keepActiveContent,
      deadlineAt: request.deadlineAt,
      storeFile: request.storeFile,
      jobId: request.jobId,
      urlBase: request.urlBase,
    };
  }

  /** The worker's answer, with this node's download Urls; a job still waiting at its deadline leaves the queue. */
  private async answerOf(
    entry: Required<EngineQueue>,
    jobId: string,
    request: ConversionRequest,
  ): Promise<ConversionAnswer> {
    const job = await entry.queue.getJob(jobId);
    if (!job) throw conversionFailed();
    const signals = [AbortSignal.timeout(Math.max(0, request.deadlineAt - Date.now()) + ANSWER_GRACE_MS)];
    if (request.clientSignal) signals.push(request.clientSignal);
    const gaveUp = AbortSignal.any(signals);
    const stopped = new Promise<never>((_, reject) => {
      gaveUp.addEventListener('abort', () => reject(gaveUp.reason), { once: true });
    });
    stopped.catch(() => undefined);
    try {
      const sealed = (await Promise.race([job.waitUntilFinished(entry.events), stopped])) as SealedForQueue;
      const answer = openAnswer<ConversionAnswer>(this.options.keys, sealed);
      return {
        ...answer,
        Files: answer.Files.map((file) =>
          typeof file.FileId === 'string'
            ? { ...file, Url: request.downloadUrl(file.FileId, file.FileName) }
            : file,
        ),
      };
    } catch (error) {
      if (gaveUp.aborted) {
        // Still waiting: take it off the queue so no worker starts it for nobody.
        const state = await job.getState().catch(() => 'unknown');
        if (state === 'waiting' || state === 'prioritized' || state === 'delayed')
          await job.remove().catch(() => undefined);
        if (request.clientSignal?.aborted) {
          // Its worker stops the engine, as this process would for a conversion of its own.
          if (state === 'active')
            await publishCancel(this.connection, this.options.keyPrefix, {
              queue: entry.queue.name,
              jobId,
            }).catch(() => undefined);
          throw conversionFailed('The client closed the request.');
        }
        throw engineTimeout(
          state === 'active'
            ? undefined
            : 'The conversion waited in the queue longer than its time limit. Please try again later.',
        );
      }
      throw failureOfQueuedJob(this.options.keys, (error as Error).message);
    }
  }

  /**
   * Takes no more conversions, lets the ones under way answer (each within its deadline; a worker in
   * this process is still running then), and lets go of the queues: closing QueueEvents first would
   * leave their callers, such as a workflow run between steps, waiting for nothing until the deadline.
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.inFlight]);
    await Promise.allSettled(
      [...this.queues.values()].flatMap(({ queue, events }) => [events?.close(), queue.close()]),
    );
    this.connection.disconnect();
  }
}
