/**
 * The warm engines' life in a process: set up from the server's configuration when a server starts,
 * stopped (Chromium's browser, LibreOffice's instance pool, the MuPDF worker threads) when the last
 * server of this process closes. The engines are process-wide singletons, so a test file running
 * two servers must not have the first close() pull the browser from under the second. Both
 * shutdowns are cheap when the engine was never started. The other engines (qpdf, Ghostscript,
 * Tesseract) run a process per job; any such process group still running is killed last.
 */
import type { ServerConfig } from '../config';
import { configureChromium, shutdownChromium } from './chromium';
import { configureLibreOffice, shutdownLibreOffice } from './libreoffice';
import { shutdownMupdfWorkers } from './mupdf-worker';
import { killRunningEngines } from './run-engine';

let openServers = 0;

/** The settings the warm engines take from ServerConfig. */
export type EngineSettings = Pick<ServerConfig, 'chromiumPath' | 'libreOffice' | 'engineConcurrency'>;

/**
 * Call once per server when it starts: configures the engines from `settings` (they take effect as
 * each engine next starts) and returns the server's share of their shutdown.
 */
export function holdEngines(settings: EngineSettings): () => Promise<void> {
  configureChromium({ executablePath: settings.chromiumPath });
  // An 'auto' pool keeps an instance for each LibreOffice job the queue runs at once.
  configureLibreOffice({ ...settings.libreOffice, jobsAtOnce: settings.engineConcurrency.libreoffice });
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
