/**
 * Which warm engine pools cannot take jobs now, for GET /readyz: LibreOffice's pool with no live
 * instance after a failed start, Chromium whose executable is missing or whose last launch failed,
 * the MuPDF worker threads whose entry file is missing. Engines not used yet are ready: they start
 * with their first job, and a readiness probe must not start them.
 *
 * A pool that is down is given a recovery attempt (a LibreOffice start, a Chromium launch) at most
 * once per RECOVERY_INTERVAL_MS, in the background: an engine that works again (the operator fixed
 * it, a full disk was cleared) makes the server ready again without waiting for a job to try it.
 */
import { chromiumProblem, relaunchAfterFailure } from './chromium';
import { currentOfficePool } from './libreoffice';
import { mupdfWorkerProblem } from './mupdf-worker';

export interface EngineOutage {
  engine: 'libreoffice' | 'chromium' | 'mupdf';
  reason: string;
}

const RECOVERY_INTERVAL_MS = 5000;
const lastRecovery = new Map<EngineOutage['engine'], number>();

/** Starts `attempt` in the background unless one was started for `engine` in the last interval. */
function tryRecovery(engine: EngineOutage['engine'], attempt: () => Promise<void>): void {
  const now = Date.now();
  if (now - (lastRecovery.get(engine) ?? 0) < RECOVERY_INTERVAL_MS) return;
  lastRecovery.set(engine, now);
  void attempt().catch(() => undefined);
}

export async function engineOutages(): Promise<EngineOutage[]> {
  const outages: EngineOutage[] = [];
  const office = currentOfficePool();
  if (office?.down) {
    outages.push({
      engine: 'libreoffice',
      reason: 'LibreOffice has no running instance: the last start failed.',
    });
    tryRecovery('libreoffice', () => office.recover());
  }
  const chromium = await chromiumProblem();
  if (chromium) {
    outages.push({ engine: 'chromium', reason: chromium });
    tryRecovery('chromium', relaunchAfterFailure);
  }
  const mupdf = mupdfWorkerProblem();
  if (mupdf) outages.push({ engine: 'mupdf', reason: mupdf });
  return outages;
}
