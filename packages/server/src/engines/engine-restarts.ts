/**
 * Restarts of warm engine processes (LibreOffice, Chromium, MuPDF workers), counted once per process
 * as the pools themselves are. Engines record here; whoever reports metrics reads the tally
 * (http/metrics.ts for /metrics), so engines know nothing about how it is shown.
 */
const restarts = new Map<string, number>();

/** A pool replaced a warm engine that failed (crashed, hung or was killed). */
export function recordEngineRestart(engine: string): void {
  restarts.set(engine, (restarts.get(engine) ?? 0) + 1);
}

/** Restarts so far, by engine. */
export const engineRestarts = (): ReadonlyMap<string, number> => restarts;
