/**
 * The seam every conversion goes through (POST /convert and each workflow step): `run` takes a
 * checked request whose inputs sit in its work folder and answers once its results are stored.
 * In-process (the default), the conversion waits for its engine's slot in this process's JobQueue;
 * with REDIS_URL, an API node hands it to a worker process through BullMQ (redis-conversions.ts), and
 * the worker runs it through its own JobQueue, so per-engine slots, deadlines and shutdown behave the
 * same on both paths.
 */
import type { ConversionAnswer } from './result-files';
import { type ConversionDeps, type ConversionRequest, runConversion } from './run-conversion';

export interface Conversions {
  run(request: ConversionRequest): Promise<ConversionAnswer>;
  /** Stops taking conversions and lets go of what it holds (queues, connections). */
  close(): Promise<void>;
}

/** The single-machine path: this process's queue and engines. */
export class LocalConversions implements Conversions {
  constructor(private readonly deps: ConversionDeps) {}

  run(request: ConversionRequest): Promise<ConversionAnswer> {
    return runConversion(this.deps, request);
  }

  async close(): Promise<void> {}
}
