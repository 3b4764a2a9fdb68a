/**
 * The one lifecycle of every job, a single conversion (POST /convert) or a workflow run. An Async
 * job's record is created once the request is accepted, marked running when its work leaves the
 * queue, and ends holding either the answer or the failure as GET /job answers it. A synchronous
 * job keeps no record: its answer goes to its caller alone, who is never told a JobId to read it by,
 * so a record would be three writes a conversion and a sealed copy of the answer kept until the
 * retention ends, for no reader. The work itself is
 * runConversion (queue with deadline, converter, stored results, metrics, work folder removed) or
 * runWorkflow (runConversion per step). A synchronous job's caller awaits its answer; an async job
 * is tracked until it ends, so closing the server waits for it, and its server-side failures are
 * logged since no client is there to hear them.
 */
import type { JobFailure, JobRecords } from './job-records';

export interface JobDeps {
  jobs: JobRecords;
  /** Async jobs still running (closing the server awaits them). */
  background: Set<Promise<unknown>>;
  /** The stored answer for anything a job throws: the HTTP layer's error mapping. */
  describeFailure: (error: unknown) => JobFailure;
}

/** Where an async job's server-side failure is logged (the request's logger). */
export interface JobLog {
  error(details: { err: unknown; jobId: string }, message: string): void;
}

export interface JobStart<T> {
  ownerId: string;
  /** What the record is named after: the converter's endpoint, or `workflows/run/{id}`. */
  name: string;
  /**
   * Runs once the record exists, before the work and before the caller hears the JobId (a workflow
   * run's history entry, named by the JobId). Its failure fails the job. A job with one keeps a
   * record, synchronous or not.
   */
  prepare?: (jobId: string) => Promise<void>;
  /**
   * The job's work; `started()` marks the record running (call it when the work leaves the queue).
   * `jobId` names the record (undefined: a synchronous job, none), for work that a worker elsewhere
   * ends (a queued conversion); `queued()` says the work is safely in its queue (see `untilQueued`).
   */
  work: (started: () => void, jobId: string | undefined, queued: () => void) => Promise<T>;
  /** Answer {JobId} at once and run on; false: the caller awaits `answer`. */
  async: boolean;
  /**
   * An async job's JobId is answered only once its work called `queued()` (with Redis: the job is in
   * Redis, so the API node may die and the job still runs); a failure before that is the answer.
   */
  untilQueued?: boolean;
  log: JobLog;
  /**
   * Errors that mean the work went on elsewhere (a workflow run another node took over): the record
   * is left to that node, and nothing is logged here.
   */
  handedOver?: (error: unknown) => boolean;
  /** The log line of an async job's server-side failure ('async conversion failed'). */
  failureMessage: string;
}

export interface StartedJob<T> {
  /** The record's id, the JobId of an Async job; undefined for a synchronous one. */
  id: string | undefined;
  /** The work's answer, once stored; rejects with the work's error once that is stored. */
  answer: Promise<T>;
}

export async function startJob<T>(deps: JobDeps, start: JobStart<T>): Promise<StartedJob<T>> {
  if (!start.async && !start.prepare)
    return {
      id: undefined,
      answer: start.work(
        () => undefined,
        undefined,
        () => undefined,
      ),
    };
  const id = await deps.jobs.create(start.ownerId, start.name);
  try {
    await start.prepare?.(id);
  } catch (error) {
    await deps.jobs.fail(id, deps.describeFailure(error));
    throw error;
  }
  let queued: () => void = () => undefined;
  const inQueue = new Promise<void>((resolve) => {
    queued = resolve;
  });
  const answer = start
    .work(
      () => void deps.jobs.markRunning(id),
      id,
      () => queued(),
    )
    .then(
      async (result) => {
        await deps.jobs.succeed(id, result);
        return result;
      },
      async (error: unknown) => {
        if (!start.handedOver?.(error)) await deps.jobs.fail(id, deps.describeFailure(error));
        throw error;
      },
    );
  if (start.async) {
    const tracked = answer.catch((error: unknown) => {
      if (!start.handedOver?.(error) && deps.describeFailure(error).status >= 500)
        start.log.error({ err: error, jobId: id }, start.failureMessage);
    });
    deps.background.add(tracked);
    void tracked.finally(() => deps.background.delete(tracked));
    if (start.untilQueued) await Promise.race([inQueue, answer]);
  }
  return { id, answer };
}
