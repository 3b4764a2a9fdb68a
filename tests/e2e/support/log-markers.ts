/**
 * What the end-to-end tests sent the server that its log must never hold: tokens, emails,
 * passwords, file names and document text. Tests record them here as they use them (corpusFile
 * records every corpus file's name); after the run, log-check.teardown.ts searches the server's log
 * (SERVER_LOG, written by the Playwright webServer) for each and fails the run if one is there.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

export type MarkerKind = 'token' | 'email' | 'password' | 'file name' | 'document text';

export interface LogMarker {
  kind: MarkerKind;
  value: string;
}

/** Playwright's output folder; E2E_RESULTS_DIR gives side-by-side runs a folder each. */
export const RESULTS_DIR = process.env.E2E_RESULTS_DIR ?? join(repoRoot, 'test-results');
/** Where the Playwright webServer writes the server's output (playwright.config.ts). */
export const SERVER_LOG = join(RESULTS_DIR, 'e2e-server.log');
/** One JSON marker a line, appended by every test worker. */
export const MARKERS_FILE = join(RESULTS_DIR, 'e2e-log-markers.jsonl');

export function recordLogMarker(kind: MarkerKind, value: string): void {
  if (value.trim().length < 4) return; // too short to mean anything when found
  mkdirSync(dirname(MARKERS_FILE), { recursive: true });
  appendFileSync(MARKERS_FILE, `${JSON.stringify({ kind, value } satisfies LogMarker)}\n`);
}

export function recordedLogMarkers(): LogMarker[] {
  if (!existsSync(MARKERS_FILE)) return [];
  return readFileSync(MARKERS_FILE, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LogMarker);
}
