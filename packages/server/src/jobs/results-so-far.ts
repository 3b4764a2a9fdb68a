/**
 * The results an Async conversion has stored ahead of the others while it still runs (pdf/to/jpg's
 * pages), so GET /job/{JobId} lists them beside its 202: a client polling a long book downloads the
 * first pages before the last are rendered. Held in this process for the jobs it runs (the single
 * machine; with REDIS_URL conversions run in worker processes, which announce nothing) and forgotten
 * when the job ends, since its stored answer then lists every file.
 */
import type { ResultFileJson } from './result-files';

export class ResultsSoFar {
  private readonly byJob = new Map<string, Map<number, ResultFileJson>>();

  add(jobId: string, index: number, file: ResultFileJson): void {
    let files = this.byJob.get(jobId);
    if (!files) {
      files = new Map();
      this.byJob.set(jobId, files);
    }
    files.set(index, file);
  }

  /** The job's results so far in their final order (empty when it announced none). */
  list(jobId: string): ResultFileJson[] {
    const files = this.byJob.get(jobId);
    if (!files) return [];
    return [...files].sort(([a], [b]) => a - b).map(([, file]) => file);
  }

  forget(jobId: string): void {
    this.byJob.delete(jobId);
  }
}
