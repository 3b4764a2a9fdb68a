/**
 * The worker's side of REDIS_URL (ROLE=worker or all): one BullMQ Worker per engine queue, each with
 * that engine's concurrency, so a worker process never runs more soffice or Chromium jobs than its
 * pools hold. A job's inputs are decrypted from the shared store into a fresh work folder, the
 * conversion runs through this process's JobQueue and engines (runConversion: deadline, results
 * stored, work folder removed), and the job's record is ended here, so its answer is readable from
 * any API node even when the node that took the request has gone. A job another worker died on
 * (BullMQ's stalled-job check handed it over) first has that dead run's engines killed and its
 * plaintext work folders shredded, when they were on this machine. A job cancelled because this worker
 * is shutting down (its grace ran out) is handed to another worker once; any other failure is final.
 * A job that stalled twice is failed by BullMQ in the worker that next picks it up, before any
 * processor runs: that worker ends its record with the stalled-twice Code (endStalledJob), so the
 * job never reads "running" for ever when no API node is left waiting for it. A job whose client went
 * away is aborted here when its API node publishes the cancel (conversion-cancels.ts).
 */

import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type Job, UnrecoverableError, Worker } from 'bullmq';
import type { EngineName } from '../config';
import { DomainError, ErrorCode } from '../contract/errors';
import type { Converter, ConverterInputFile } from '../converters/converter.types';
import type { KeyRing } from '../storage/key-ring';
import { createWorkDir, removeWorkDir } from '../storage/work-dir';
import { listenForCancels } from './conversion-cancels';
import type { JobDeps } from './job-lifecycle';
import { cleanUpPreviousRuns } from './previous-run-cleanup';
import {
  failureText,
  openConversion,
  type QueuedConversion,
  type QueuedJobData,
  type SealedForQueue,
  sealAnswer,
} from './queued-conversion';
import {
  engineQueueName,
  LOCK_MS,
  MAX_STALLED,
  redisConnection,
  STALLED_INTERVAL_MS,
} from './redis-connection';
import { failureOfQueuedJob } from './redis-conversions';
import { type ConversionDeps, runConversion } from './run-conversion';

export interface ConversionWorkerDeps extends ConversionDeps, Pick<JobDeps, 'jobs' | 'describeFailure'> {
  /** Opens each job's sealed data (the cluster's shared STORAGE_KEY). */
  keys: KeyRing;
  converters: readonly Converter[];
  engineConcurrency: Partial<Record<EngineName, number>>;
  /** The absolute download Url of a stored result under a node's public base. */
  downloadUrlFor: (base: string, fileId: string, fileName: string) => string;
  /** Where a job's failures without a client are logged. */
  log: { error(details: { err: unknown; jobId?: string }, message: string): void };
}

export interface ConversionWorkers {
  close(): Promise<void>;
}

const unknownInput = (): DomainError =>
  new DomainError(
    ErrorCode.InvalidFileId,
    'An input file of this conversion is no longer stored. Please send it again.',
  );

async function stageInputs(
  deps: ConversionWorkerDeps,
  data: QueuedConversion,
  workDir: string,
): Promise<ConverterInputFile[]> {
  const inbox = join(workDir, 'in');
  await mkdir(inbox, { mode: 0o700 });
  const files: ConverterInputFile[] = [];
  for (const [index, input] of data.inputs.entries()) {
    const stored = await deps.store.get(input.fileId);
    if (!stored) throw unknownInput();
    const path = join(inbox, `${index}.${input.ext || 'bin'}`);
    await deps.store.decryptToPath(stored, path);
    files.push({ path, fileName: input.fileName, ext: input.ext, size: input.size });
  }
  return files;
}

async function processJob(
  deps: ConversionWorkerDeps,
  job: Job<QueuedJobData, SealedForQueue>,
  /** Aborted when the job's client went away (Worker.cancelJob on a published cancel). */
  clientGone?: AbortSignal,
): Promise<SealedForQueue> {
  const data = openConversion(deps.keys, job.data);
  // Picked up again after a worker stopped under it: clear what a dead run on this machine left.
  if (job.attemptsStarted > 1 || job.stalledCounter > 0) await cleanUpPreviousRuns();
  const converter = deps.converters.find((candidate) => candidate.endpoint === data.endpoint);
  const workDir = await createWorkDir();
  try {
    if (!converter)
      throw new DomainError(ErrorCode.UnknownConverter, `There is no converter for '${data.endpoint}'.`);
    const files = await stageInputs(deps, data, workDir);
    if (data.jobId) await deps.jobs.markRunning(data.jobId);
    const base = data.urlBase;
    const answer = await runConversion(deps, {
      converter,
      ownerId: data.ownerId,
      input: {
        files,
        url: data.url,
        params: data.params,
        keepActiveContent: data.keepActiveContent,
      },
      workDir,
      // As in-process: the engine stops and /metrics counts the conversion 'aborted'.
      clientSignal: clientGone,
      deadlineAt: data.deadlineAt,
      storeFile: data.storeFile,
      downloadUrl: (fileId, fileName) => (base ? deps.downloadUrlFor(base, fileId, fileName) : ''),
    });
    if (data.jobId) await deps.jobs.succeed(data.jobId, answer);
    return sealAnswer(deps.keys, answer);
  } catch (error) {
    await removeWorkDir(workDir);
    // This worker is shutting down under the job: another worker takes it again (the job's 2nd attempt).
    const stoppedHere = error instanceof DomainError && error.code === ErrorCode.NotReady;
    if (stoppedHere && job.attemptsMade < 1) throw new Error(failureText(deps.keys, error));
    if (data.jobId) await deps.jobs.fail(data.jobId, deps.describeFailure(error)).catch(() => undefined);
    const failed = !(error instanceof DomainError) || error.code === ErrorCode.ConversionFailed;
    if (failed && !clientGone?.aborted)
      deps.log.error({ err: error, jobId: data.jobId }, 'queued conversion failed');
    // BullMQ keeps only a message: the Code and details travel inside it. Never tried again.
    throw new UnrecoverableError(failureText(deps.keys, error));
  }
}

/**
 * BullMQ fails a job that stalled more often than allowed (its `deferredFailure`) without running it:
 * the API node that took it may be gone (an Async job), so the record is ended here with the Code an
 * API node would answer, and what the dead run left on this machine is cleared.
 */
async function endStalledJob(
  deps: ConversionWorkerDeps,
  job: Job<QueuedJobData, SealedForQueue> | undefined,
  error: Error,
): Promise<void> {
  if (!job?.deferredFailure) return;
  await cleanUpPreviousRuns();
  const { jobId } = openConversion(deps.keys, job.data);
  if (jobId) await deps.jobs.fail(jobId, deps.describeFailure(failureOfQueuedJob(deps.keys, error.message)));
}

/** `keyPrefix`: the cluster's REDIS_KEY_PREFIX, whose queues these workers take jobs from. */
export function startConversionWorkers(
  redisUrl: string,
  keyPrefix: string,
  deps: ConversionWorkerDeps,
): ConversionWorkers {
  const engines = new Set(deps.converters.map((converter) => converter.engine));
  const workers = [...engines].map(
    (engine) =>
      // Three parameters: BullMQ hands a processor an AbortSignal only when it declares one.
      new Worker<QueuedJobData, SealedForQueue>(
        engineQueueName(engine),
        (job, _token, signal) => processJob(deps, job, signal),
        {
          connection: redisConnection(redisUrl),
          prefix: keyPrefix,
          concurrency: Math.max(1, deps.engineConcurrency[engine] ?? 2),
          lockDuration: LOCK_MS,
          stalledInterval: STALLED_INTERVAL_MS,
          maxStalledCount: MAX_STALLED,
        },
      ),
  );
  const cancels = listenForCancels(redisUrl, keyPrefix, ({ queue, jobId }) => {
    for (const worker of workers) if (worker.name === queue) worker.cancelJob(jobId, 'client gone');
  });
  for (const worker of workers) {
    worker.on('error', (err) => deps.log.error({ err }, 'conversion worker error'));
    worker.on('failed', (job, error) => {
      endStalledJob(deps, job, error).catch((err) => deps.log.error({ err }, 'ending a stalled job failed'));
    });
  }
  return {
    async close() {
      await cancels.close();
      await Promise.allSettled(workers.map((worker) => worker.close()));
    },
  };
}
