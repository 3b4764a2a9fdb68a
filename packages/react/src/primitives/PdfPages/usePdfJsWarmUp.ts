import { useEffect } from 'react';
import { loadPdfJs } from './loadPdfJs';

/**
 * Starts loading pdf.js and its worker once the browser is idle after a PDF tool appears, so the
 * first page pictures do not wait for them after the user picks a file. Nothing is fetched on pages
 * without such a tool.
 */
export function usePdfJsWarmUp(enabled = true): void {
  useEffect(() => {
    if (!enabled) return;
    const start = () => void loadPdfJs().catch(() => {});
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(start, { timeout: 2000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(start, 200);
    return () => clearTimeout(id);
  }, [enabled]);
}
