/**
 * One warm Chromium (playwright-core, Debian's /usr/bin/chromium) shared by web/to/pdf and
 * html/to/pdf. Each job gets a fresh browser context (no cookies, storage or cache shared between
 * users) whose traffic goes through the browser's filtering proxy under the job's own credentials. The browser itself is launched
 * pointing at a deny-all proxy with loopback NOT bypassed, so anything that escapes a context's proxy
 * setting still cannot reach the network. Launched on first use, relaunched if it dies. Jobs hold
 * the browser through `withBrowser`, so a shutdown waits for them to finish instead of closing the
 * browser under them, and a job whose browser died answers "the browser stopped", not a network error.
 */
import { randomUUID } from 'node:crypto';
import { access, constants } from 'node:fs/promises';
import type { Browser } from 'playwright-core';
import { defaultConfig } from '../../config/config';
import { type DomainError, engineStopped } from '../../contract/errors';
import {
  type FilteringProxy,
  type SharedFilteringProxy,
  startFilteringProxy,
  startSharedFilteringProxy,
} from '../../security/ssrf';
import { recordEngineRestart } from '../engine-restarts';
import { engineEnv, killTaggedEngine } from '../orphaned-engines';
import { fulfilsWithin } from '../time-left';
import { CHROMIUM_BASE_ARGS } from './launch-flags';

/** The server's `chromiumPath` (configureChromium), else ServerConfig's default. */
let executablePath = defaultConfig().chromiumPath;

/** The browser binary (the server's `chromiumPath`); takes effect at the next launch. */
export function configureChromium(settings: { executablePath: string }): void {
  executablePath = settings.executablePath;
}

/** The shared flags, plus what a browser that renders users' pages needs on top. */
export const CHROMIUM_ARGS = [
  ...CHROMIUM_BASE_ARGS,
  '--dns-prefetch-disable',
  // WebRTC's UDP does not use the HTTP proxy: allow none of it, so STUN cannot probe the LAN.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;

let browserPromise: Promise<Browser> | undefined;
/** The last launch failed and none has succeeded since (readiness reads it). */
let launchFailed = false;
/** Browsers being closed on purpose, so their 'disconnected' is not counted as a crash. */
const closing = new WeakSet<Browser>();
/**
 * Each browser's processes carry DOCSTUDIO_BROWSER=<its own id> in their environment: Playwright does
 * not give the launched process out, and a wedged browser that ignores close() must still be killed.
 */
const BROWSER_VARIABLE = 'DOCSTUDIO_BROWSER';
const browserIds = new WeakMap<Browser, string>();
/** How long a close may take before the browser's processes (or a job's context) are given up on. */
export const CLOSE_GRACE_MS = 5000;
let fallbackProxy: FilteringProxy | undefined;
/** web/to/pdf's guard: one proxy for the browser, each job's context with its own credentials. */
let sharedProxy: SharedFilteringProxy | undefined;

/** The browser's shared filtering proxy (started with the browser, so a job in withBrowser has it). */
export function browserProxy(): SharedFilteringProxy {
  if (!sharedProxy) throw new Error('the browser proxy is not running');
  return sharedProxy;
}

async function launch(): Promise<Browser> {
  fallbackProxy ??= await startFilteringProxy({ denyAll: true });
  sharedProxy ??= await startSharedFilteringProxy();
  // Loaded on the first launch, not when the server starts: playwright-core alone is ~0.5 s of CPU.
  const { chromium } = await import('playwright-core');
  const id = randomUUID();
  const browser = await chromium.launch({
    executablePath,
    env: engineEnv({ [BROWSER_VARIABLE]: id }),
    headless: true,
    args: [...CHROMIUM_ARGS],
    // Playwright adds '<-loopback>' to the bypass list, so loopback also goes through the proxy.
    proxy: { server: fallbackProxy.url },
    timeout: 30_000,
    // The server drains its jobs on SIGTERM/SIGINT (main.ts); Playwright's own handlers would close the
    // browser at once and fail the Chromium jobs in flight.
    handleSIGINT: false,
    handleSIGTERM: false,
    handleSIGHUP: false,
  });
  browserIds.set(browser, id);
  return browser;
}

/** The warm browser, launched on first use (and again after a crash). */
export function getBrowser(): Promise<Browser> {
  if (browserPromise) return browserPromise;
  // Once it is gone, the next job launches a new one. Only the current browser is forgotten: the
  // late 'disconnected' of one killed or restarted earlier must not drop (and so leak) its successor.
  const forget = (): void => {
    if (browserPromise === launching) browserPromise = undefined;
  };
  const launching: Promise<Browser> = launch().then(
    (browser) => {
      launchFailed = false;
      browser.on('disconnected', () => {
        // A browser we did not close ourselves has crashed.
        if (!closing.has(browser)) recordEngineRestart('chromium');
        forget();
      });
      if (!browser.isConnected()) forget();
      return browser;
    },
    (error: unknown) => {
      forget();
      launchFailed = true;
      throw error;
    },
  );
  browserPromise = launching;
  return launching;
}

/**
 * Why Chromium cannot take jobs now, or undefined: its executable (CHROMIUM_PATH) is missing or not
 * executable, or its last launch failed (a launch is tried again with `relaunch`). A browser never
 * launched yet is ready when its executable is there: it starts with the first job.
 */
export async function chromiumProblem(): Promise<string | undefined> {
  try {
    await access(executablePath, constants.X_OK);
  } catch {
    return 'Chromium cannot be launched: its executable (CHROMIUM_PATH) is missing or not executable.';
  }
  return launchFailed ? 'Chromium failed to launch.' : undefined;
}

/** Tries a launch after a failed one (readiness calls it, so a fixed Chromium is found again). */
export async function relaunchAfterFailure(): Promise<void> {
  if (!launchFailed) return;
  await getBrowser().catch(() => undefined);
}

/** How long a shutdown waits at most for the jobs in flight; each job also has its own time limit. */
const DRAIN_CAP_MS = 120_000;
let jobsInFlight = 0;
let drained: (() => void)[] = [];

/** The job's browser went away (crashed or killed) before the job finished: try again later. */
export const browserStopped = (): DomainError =>
  engineStopped(
    'The browser engine stopped during the conversion (it crashed); the job was not finished. Please try again.',
  );

/**
 * Runs one job on the warm browser. The job counts as in flight until it ends, so shutdownChromium()
 * lets it finish. If the browser crashes meanwhile the job ends at once with browserStopped(), whatever
 * Playwright call it was waiting on: a newPage in flight when the browser is killed can stay pending
 * for ever (about once in 130 kills here), and such a job would hold its slot, and every shutdown,
 * for ever (a context being opened was not under the job's time limit either).
 */
export async function withBrowser<T>(job: (browser: Browser) => Promise<T>): Promise<T> {
  jobsInFlight++;
  try {
    const browser = await getBrowser();
    let onLost = (): void => undefined;
    const crashed = new Promise<never>((_, reject) => {
      onLost = () => {
        if (!closing.has(browser)) reject(browserStopped());
      };
    });
    browser.on('disconnected', onLost);
    const work = job(browser);
    work.catch(() => undefined); // reported by the race below; a crashed job's work may still settle
    try {
      return await Promise.race([work, crashed]);
    } catch (error) {
      if (!browser.isConnected() && !closing.has(browser)) throw browserStopped();
      throw error;
    } finally {
      browser.off('disconnected', onLost);
    }
  } finally {
    jobsInFlight--;
    if (jobsInFlight === 0) for (const resolve of drained.splice(0)) resolve();
  }
}

/** Jobs running on the browser now (tests and operations read it). */
export function browserJobsInFlight(): number {
  return jobsInFlight;
}

async function waitForJobs(capMs: number): Promise<void> {
  if (jobsInFlight === 0) return;
  await fulfilsWithin(new Promise<void>((resolve) => drained.push(resolve)), capMs);
}

/** Kills the browser after a job left it wedged (e.g. a renderer stuck in an endless script). */
export async function restartBrowser(): Promise<void> {
  const current = browserPromise;
  browserPromise = undefined;
  if (current) {
    recordEngineRestart('chromium');
    await closeQuietly(current);
  }
}

/** Closes the browser; one that has not closed within CLOSE_GRACE_MS (wedged, stopped) is killed. */
async function closeQuietly(pending: Promise<Browser>): Promise<void> {
  let browser: Browser;
  try {
    browser = await pending;
  } catch {
    return; // its launch failed: nothing runs
  }
  closing.add(browser);
  const closed = await fulfilsWithin(browser.close(), CLOSE_GRACE_MS);
  const id = browserIds.get(browser);
  if (!closed && id) killTaggedEngine(BROWSER_VARIABLE, id);
}

/**
 * For the server's close hook and tests' afterAll: waits for the jobs in flight (they end by their own
 * time limit or their abort signal; at most `drainCapMs`), then closes the browser.
 */
export async function shutdownChromium(drainCapMs = DRAIN_CAP_MS): Promise<void> {
  await waitForJobs(drainCapMs);
  drained = [];
  const current = browserPromise;
  browserPromise = undefined;
  if (current) await closeQuietly(current);
  await Promise.all([fallbackProxy?.close(), sharedProxy?.close()]);
  fallbackProxy = undefined;
  sharedProxy = undefined;
}
