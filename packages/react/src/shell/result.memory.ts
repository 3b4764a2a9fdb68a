/**
 * Results kept for the browser tab's session (sessionStorage), so a person who leaves a tool page
 * and comes back still finds the result listed, until it expires on the server. Only the answer's
 * metadata (names, sizes, FileIds, links) is kept, never document content.
 */
import type { ConversionFile } from '@docstudio/core';

/** The server's default retention is 180 minutes; links older than this are not shown again. */
export const DEFAULT_RESULT_LIFETIME_MINUTES = 180;

interface Remembered {
  savedAt: number;
  files: ConversionFile[];
}

const keyOf = (toolId: string) => `docstudio:results:${toolId}`;

function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined; // blocked storage (privacy settings, sandboxed frames)
  }
}

export function rememberResults(toolId: string, files: readonly ConversionFile[], now = Date.now()): void {
  try {
    storage()?.setItem(
      keyOf(toolId),
      JSON.stringify({ savedAt: now, files: [...files] } satisfies Remembered),
    );
  } catch {
    // A full or blocked storage only loses the convenience, never the conversion.
  }
}

export function forgetResults(toolId: string): void {
  storage()?.removeItem(keyOf(toolId));
}

/** The tool's last results, unless older than `lifetimeMinutes` (then they are dropped). */
export function recallResults(
  toolId: string,
  lifetimeMinutes = DEFAULT_RESULT_LIFETIME_MINUTES,
  now = Date.now(),
): ConversionFile[] {
  const raw = storage()?.getItem(keyOf(toolId));
  if (!raw) return [];
  try {
    const remembered = JSON.parse(raw) as Remembered;
    if (!Array.isArray(remembered.files) || now - remembered.savedAt > lifetimeMinutes * 60_000) {
      forgetResults(toolId);
      return [];
    }
    return remembered.files;
  } catch {
    forgetResults(toolId);
    return [];
  }
}
