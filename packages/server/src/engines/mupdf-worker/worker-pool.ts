/**
 * A small pool of MuPDF worker threads. Workers start on first use and are reused; one that dies is
 * dropped and the next task starts a fresh one; an aborted task terminates its worker (MuPDF cannot be
 * interrupted mid-page any other way) and the pool replaces it. Tasks wait in order when all are busy.
 * A worker that dies mid-task without answering (killed, crashed, out of memory) failed as an engine:
 * its task runs once more on a fresh worker; a task that kills a worker twice is the document's fault
 * and is refused as 422 Code 5002.
 */
import { Worker } from 'node:worker_threads';
import { ApiError, ErrorCode, engineTimeout } from '../../contract/errors';
import { recordEngineRestart } from '../../http/metrics';
import { deserializeError, type WorkerReply } from './worker-protocol';

interface Job {
  task: unknown;
  signal?: AbortSignal;
  /** Workers this task has already taken down (0 or 1). */
  crashes?: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface Slot {
  worker: Worker;
  job?: Job & { id: number; onAbort?: () => void };
  /** Ends the worker once it has been idle for IDLE_WORKER_MS. */
  idleTimer?: NodeJS.Timeout;
}

/**
 * A WebAssembly heap only grows: a worker that once rendered a huge page keeps that memory for good.
 * Workers idle this long are ended, so a quiet server gives its peak memory back; the next task
 * starts a fresh one (a fraction of a second).
 */
const IDLE_WORKER_MS = 10_000;

/**
 * Starts a worker that runs a TypeScript entry, under `node --import tsx` and under Vitest alike
 * (`execArgv: ['--import', 'tsx']` is not enough on Node 20: see ts-worker-bootstrap.mjs).
 */
export function startTsWorker(entry: URL): Worker {
  return new Worker(new URL('./ts-worker-bootstrap.mjs', import.meta.url), {
    workerData: { tsEntry: entry.href },
  });
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private size: number,
    private readonly start: () => Worker,
  ) {}

  resize(size: number): void {
    this.size = Math.max(1, Math.floor(size));
  }

  /** Workers alive now (for tests and metrics). */
  get threads(): number {
    return this.slots.size;
  }

  /** The workers running a task now: fault tests terminate them to play a crash. */
  busyWorkers(): Worker[] {
    return [...this.slots].filter((slot) => slot.job).map((slot) => slot.worker);
  }

  run(task: unknown, signal?: AbortSignal): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The MuPDF workers are shut down.'));
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      this.waiting.push({ task, signal, resolve, reject });
      this.dispatch();
    });
  }

  async shutdown(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) job.reject(new Error('The MuPDF workers are shut down.'));
    await Promise.all(
      [...this.slots].map((slot) => this.retire(slot, new Error('The server is shutting down.'))),
    );
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const next = this.waiting[0];
      if (next?.signal?.aborted) {
        this.waiting.shift();
        next.reject(abortReason(next.signal));
        continue;
      }
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot && this.slots.size < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.waiting.shift();
      if (job) this.assign(slot, job);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: this.start() };
    this.slots.add(slot);
    slot.worker.on('message', (reply: WorkerReply) => {
      const job = slot.job;
      if (!job || reply.id !== job.id) return;
      if (reply.ok) {
        this.release(slot);
        job.resolve(reply.result);
      } else if (reply.fatal) {
        void this.retire(slot, deserializeError(reply.error));
      } else {
        this.release(slot);
        job.reject(deserializeError(reply.error));
      }
    });
    slot.worker.on('error', (error) => this.crashed(slot, `MuPDF worker crashed: ${error.message}`));
    slot.worker.on('exit', (code) => this.crashed(slot, `MuPDF worker exited (code ${code}).`));
    // an idle worker must not keep the process alive (tests, CLI tools); a busy one is awaited anyway
    slot.worker.unref();
    return slot;
  }

  private assign(slot: Slot, job: Job): void {
    const id = this.nextId++;
    const running: Slot['job'] = { ...job, id };
    if (job.signal) {
      const signal = job.signal;
      running.onAbort = () => {
        void this.retire(slot, abortReason(signal));
      };
      signal.addEventListener('abort', running.onAbort, { once: true });
    }
    clearTimeout(slot.idleTimer);
    slot.job = running;
    slot.worker.ref();
    slot.worker.postMessage({ id, task: job.task });
  }

  private release(slot: Slot): void {
    const job = slot.job;
    if (job?.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    slot.job = undefined;
    slot.worker.unref();
    clearTimeout(slot.idleTimer);
    slot.idleTimer = setTimeout(() => {
      if (!slot.job) void this.retire(slot, undefined);
    }, IDLE_WORKER_MS);
    slot.idleTimer.unref();
    queueMicrotask(() => this.dispatch());
  }

  /**
   * The worker died on its own (not retired by the pool). Its task goes back to the front of the
   * queue for one more try on a fresh worker; a second death is blamed on the document.
   */
  private crashed(slot: Slot, detail: string): void {
    if (!this.slots.has(slot)) return; // retired on purpose (abort, fatal reply, shutdown)
    recordEngineRestart('mupdf');
    const job = slot.job;
    if (!job || this.closed) {
      void this.retire(slot, new Error(detail));
      return;
    }
    if ((job.crashes ?? 0) >= 1) {
      void this.retire(slot, documentCrashedEngine());
      return;
    }
    if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
    slot.job = undefined;
    const { id: _id, onAbort: _onAbort, ...retry } = job;
    this.waiting.unshift({ ...retry, crashes: 1 });
    void this.retire(slot, undefined);
  }

  /** Removes the worker for good, failing its task with `reason`; the next dispatch starts a new one. */
  private async retire(slot: Slot, reason: unknown): Promise<void> {
    if (!this.slots.delete(slot)) return;
    clearTimeout(slot.idleTimer);
    const job = slot.job;
    if (job) {
      if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
      slot.job = undefined;
      job.reject(reason);
    }
    await slot.worker.terminate().catch(() => undefined);
    if (!this.closed) queueMicrotask(() => this.dispatch());
  }
}

/** The same task took a worker down twice: the file, not the engine, is the problem. */
const documentCrashedEngine = (): ApiError =>
  new ApiError(
    422,
    ErrorCode.DamagedFile,
    'The document made the PDF engine crash, twice, so it could not be processed. It may be damaged.',
  );

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? engineTimeout();
}
