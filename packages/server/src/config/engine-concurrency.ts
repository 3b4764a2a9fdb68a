/**
 * How many jobs of each engine run at once, from the machine's cores and the engine's weight (jobs
 * per core, `engineJobsPerCore` in config.ts): qpdf's small single-threaded runs mostly wait for the
 * disk and the process start, so several share a core; Ghostscript, MuPDF, Tesseract and Chromium
 * keep a core busy each; LibreOffice and its writer are heavy in memory as well. Never below 2, so one
 * long job does not hold every user of an engine back. ENGINE_CONCURRENCY overrides single engines
 * (`qpdf=8,ghostscript=3`).
 */

const MINIMUM = 2;

export function engineConcurrencyFor<E extends string>(
  cores: number,
  jobsPerCore: Record<E, number>,
): Record<E, number> {
  const entries = Object.entries<number>(jobsPerCore).map(([engine, perCore]) => [
    engine,
    Math.max(MINIMUM, Math.floor(cores * perCore)),
  ]);
  return Object.fromEntries(entries) as Record<E, number>;
}

/** ENGINE_CONCURRENCY: `engine=jobs` pairs, comma-separated, over `base`; a typo is an error at start-up. */
export function parseEngineConcurrency<E extends string>(
  value: string | undefined,
  base: Partial<Record<E, number>>,
  engines: readonly E[],
): Partial<Record<E, number>> {
  const result = { ...base };
  for (const entry of (value ?? '').split(',').map((part) => part.trim())) {
    if (!entry) continue;
    const [name, jobs] = entry.split('=').map((part) => part.trim());
    const count = Number(jobs);
    if (!engines.includes(name as E) || !Number.isInteger(count) || count <= 0) {
      throw new Error(
        `ENGINE_CONCURRENCY takes engine=jobs pairs (engines: ${engines.join(', ')}), got '${entry}'.`,
      );
    }
    result[name as E] = count;
  }
  return result;
}
