/**
 * Stops the warm engines (Chromium's browser, LibreOffice's instance pool, the MuPDF worker threads) when the last server of
 * this process closes. The engines are process-wide singletons, so a test file running two servers
 * must not have the first close() pull the browser from under the second. Both shutdowns are cheap
 * when the engine was never started. The other engines (qpdf, Ghostscript, Tesseract) run a process
 * per job; any such process group still running is killed last.
 */
import { shutdownChromium } from '../engines/chromium';
import { shutdownLibreOffice } from '../engines/libreoffice';
import { shutdownMupdfWorkers } from '../engines/mupdf-worker';
import { killRunningEngines } from '../engines/run-engine';

let openServers = 0;

/** Call once per server when it starts; the returned function is its share of the shutdown. */
export function holdEngines(): () => Promise<void> {
  openServers++;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    openServers--;
    if (openServers > 0) return;
    await Promise.allSettled([shutdownChromium(), shutdownLibreOffice(), shutdownMupdfWorkers()]);
    killRunningEngines();
  };
}
