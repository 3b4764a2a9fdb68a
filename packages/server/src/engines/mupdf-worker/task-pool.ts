/**
 * The worker threads behind the task registry: piscina starts, reuses, replaces and ends them (idle
 * workers exit after 10 s; an aborted task terminates its worker, the only way to stop MuPDF or
 * pdf-lib mid-page). This file adds what piscina does not do:
 * - at most `size` tasks handed to piscina at a time, the rest waiting here in order (piscina 5
 *   strands its own queue when a running task is aborted and no worker is left to take it);
 * - a worker that dies mid-task (killed, crashed, out of memory) failed as an engine: its task runs
 *   once more on a fresh worker; a task that kills a worker twice is the document's fault (Code 5002);
 * - the abort reason (the job's 504 or shutdown error) instead of piscina's AbortError;
 * - a failure that left the worker unsafe arrives as its error, not as a death (task-worker.ts);
 * - a worker whose MuPDF heap grew past `retireAboveHeapBytes` is ended once its task is answered, so
 *   memory stays bounded under steady load too (a heap never shrinks, and a busy server never idles).
 */
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { defaultConfig } from '../../config/config';
import { type DomainError, damagedFile, engineTimeout } from '../../contract/errors';
import { recordEngineRestart } from '../engine-restarts';
import { heldMemoryReleased } from '../idle-collection';
import { deserializeError, type TaskEvent, type TaskReply, type TaskRequest } from './worker-protocol';

/**
 * A WebAssembly heap only grows: a worker that once rendered a huge page keeps that memory for good.
 * Workers idle this long (the server's default WORKER_IDLE_SECONDS, unless the pool is given another
 * time) are ended, so a quiet server gives its peak memory back; the next task starts a fresh one
 * (0.1-0.4 s more).
 */
export const IDLE_WORKER_MS = defaultConfig().workerIdleSeconds * 1000;

/** pdf-lib's heap per worker, as the watermark's own process had (`--max-old-space-size=2048`). */
const MAX_HEAP_MB = 2048;

/**
 * V8's young generation per worker. Its default (48 MB here) made each worker's JavaScript heap ~57 MB
 * for ~31 MB of live data. At 4 MB (`npm run bench -- worker-pool`, paired with 16 MB): a 117-page book
 * watermarked 3 times by pdf-lib in 887 vs 886 ms at 263 vs 298 MB peak RSS, 20 pages' structure
 * 273 vs 305 MB at the same speed; pdf-lib's allocation bursts do not need the larger nursery.
 */
const YOUNG_GENERATION_MB = 4;

const shutDown = (): Error => new Error('The worker threads are shut down.');

export class TaskPool {
  private readonly piscina: Piscina<TaskRequest, TaskReply>;
  /** Tasks waiting for one of the `size` places, in order. */
  private readonly waiting: Array<{ start(): void; fail(reason: unknown): void }> = [];
  private running = 0;
  private nextId = 1;
  /**
   * Task id → the thread running it, for tasks not yet settled (the thread says so when it starts;
   * that event and the answer travel on different ports, so a late event for a settled task is dropped).
   */
  private readonly threadOf = new Map<number, number | undefined>();
  /** Errors that made a worker end itself, by task id. */
  private readonly fatal = new Map<number, Error>();
  /** Tasks given to the pool and not yet settled (close() waits for them). */
  private readonly accepted = new Set<Promise<unknown>>();
  private accepting = true;
  private closed = false;
  /** Threads being ended on purpose (heap too large): their end is no crash. */
  private readonly retiring = new Set<number>();
  /** Workers ended because their heap grew past the limit (tests and operations read it). */
  retired = 0;

  constructor(
    private readonly size: number,
    /** The worker's entry (a module whose default export is the task handler) and its data. */
    entry: { filename: string; workerData: unknown },
    /** Counted in the restart metric when a worker dies. */
    private readonly engine: string,
    private readonly limits: { retireAboveHeapBytes?: number; idleMs?: number } = {},
  ) {
    this.piscina = new Piscina({
      filename: entry.filename,
      workerData: entry.workerData,
      minThreads: 0,
      maxThreads: size,
      idleTimeout: limits.idleMs ?? IDLE_WORKER_MS,
      resourceLimits: { maxOldGenerationSizeMb: MAX_HEAP_MB, maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      // the workers wait for tasks on their event loop, so a task's own timers and I/O run as usual
      atomics: 'disabled',
    });
    this.piscina.on('message', (event: TaskEvent) => {
      if ('started' in event) {
        if (this.threadOf.has(event.started)) this.threadOf.set(event.started, event.threadId);
      } else if (this.threadOf.has(event.failed)) {
        this.fatal.set(event.failed, deserializeError(event.error));
      }
    });
    // piscina reports a worker that fails while it has no task here (idle, or starting): nothing to do,
    // and an 'error' without a listener would end the server
    this.piscina.on('error', () => undefined);
    // an ended worker leaves garbage on this thread that no allocation comes to collect (idle-collection.ts)
    this.piscina.on('workerCreate', ({ id }: { id: number }) => {
      this.piscina.threads.find((worker) => worker.threadId === id)?.once('exit', heldMemoryReleased);
    });
  }

  /** Workers alive now. */
  get threads(): number {
    return this.piscina.threads.length;
  }

  /** The workers running a task now: fault tests terminate them to play a crash. */
  busyWorkers(): Worker[] {
    const busy = new Set([...this.threadOf.values()].filter((thread) => thread !== undefined));
    return this.piscina.threads.filter((worker) => busy.has(worker.threadId));
  }

  run(task: unknown, signal?: AbortSignal): Promise<unknown> {
    if (!this.accepting) return Promise.reject(shutDown());
    const running = this.runInPlace(task, signal);
    this.accepted.add(running);
    const forget = (): void => {
      this.accepted.delete(running);
    };
    running.then(forget, forget);
    return running;
  }

  /** Takes no new task; those already given finish, then the workers end (a resize replaces the pool). */
  async close(): Promise<void> {
    this.accepting = false;
    await Promise.allSettled([...this.accepted]);
    await this.piscina.destroy();
  }

  /** Rejects waiting tasks and terminates every worker, running tasks included. */
  async shutdown(): Promise<void> {
    this.accepting = false;
    this.closed = true;
    for (const next of this.waiting.splice(0)) next.fail(shutDown());
    await this.piscina.destroy();
  }

  private async runInPlace(task: unknown, signal?: AbortSignal): Promise<unknown> {
    await this.place(signal);
    try {
      return await this.attempt(task, signal, 0);
    } finally {
      this.running--;
      this.waiting.shift()?.start();
    }
  }

  /** Resolves once one of the `size` places is this task's. */
  private place(signal?: AbortSignal): Promise<void> {
    if (this.closed) return Promise.reject(shutDown());
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    if (this.running < this.size) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          this.running++;
          resolve();
        },
        fail: (reason: unknown) => {
          signal?.removeEventListener('abort', onAbort);
          reject(reason);
        },
      };
      const onAbort = (): void => {
        this.waiting.splice(this.waiting.indexOf(entry), 1);
        entry.fail(abortReason(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiting.push(entry);
    });
  }

  private async attempt(task: unknown, signal: AbortSignal | undefined, crashes: number): Promise<unknown> {
    const id = this.nextId++;
    let reply: TaskReply;
    let thread: number | undefined;
    this.threadOf.set(id, undefined);
    try {
      reply = await this.piscina.run({ id, task }, { signal });
      thread = this.threadOf.get(id);
    } catch {
      if (signal?.aborted) throw abortReason(signal);
      const fatal = this.fatal.get(id);
      if (fatal) throw fatal;
      if (this.closed) throw new Error('The server is shutting down.');
      // handed to a worker being retired just as it ended: not a crash, run it again
      const ranOn = this.threadOf.get(id);
      if (ranOn !== undefined && this.retiring.has(ranOn)) return this.attempt(task, signal, crashes);
      // the worker died under the task without answering
      recordEngineRestart(this.engine);
      if (crashes >= 1) throw documentCrashedEngine();
      return this.attempt(task, signal, crashes + 1);
    } finally {
      this.threadOf.delete(id);
      this.fatal.delete(id);
    }
    const limit = this.limits.retireAboveHeapBytes;
    if (limit !== undefined && (reply.heapBytes ?? 0) > limit && thread !== undefined)
      await this.retire(thread);
    if (!reply.ok) throw deserializeError(reply.error);
    return reply.result;
  }

  /** Ends an idle worker whose heap grew too far (before its place is given to the next task). */
  private async retire(threadId: number): Promise<void> {
    const worker = this.piscina.threads.find((candidate) => candidate.threadId === threadId);
    if (!worker || this.retiring.has(threadId)) return;
    this.retiring.add(threadId);
    this.retired++;
    try {
      await worker.terminate();
    } finally {
      // kept a while: a task piscina handed to this thread just before it ended fails a moment later
      setTimeout(() => this.retiring.delete(threadId), 5000).unref();
    }
  }
}

/** The same task took a worker down twice: the file, not the engine, is the problem. */
const documentCrashedEngine = (): DomainError =>
  damagedFile(
    'The document made the PDF engine crash, twice, so it could not be processed. It may be damaged.',
  );

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? engineTimeout();
}
