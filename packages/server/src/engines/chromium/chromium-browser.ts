/**
 * One warm Chromium (playwright-core, Debian's /usr/bin/chromium) shared by web/to/pdf and
 * html/to/pdf. Each job gets a fresh browser context (no cookies, storage or cache shared between
 * users) whose traffic goes through the job's own filtering proxy. The browser itself is launched
 * pointing at a deny-all proxy with loopback NOT bypassed, so anything that escapes a context's proxy
 * setting still cannot reach the network. Launched on first use, relaunched if it dies.
 */
import { type Browser, chromium } from 'playwright-core';
import { recordEngineRestart } from '../../http/metrics';
import { type FilteringProxy, startFilteringProxy } from '../../security/ssrf';
import { CHROMIUM_BASE_ARGS, CHROMIUM_PATH } from './launch-flags';

export { CHROMIUM_PATH };

/** The shared flags, plus what a browser that renders users' pages needs on top. */
export const CHROMIUM_ARGS = [
  ...CHROMIUM_BASE_ARGS,
  '--dns-prefetch-disable',
  // WebRTC's UDP does not use the HTTP proxy: allow none of it, so STUN cannot probe the LAN.
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;

let browserPromise: Promise<Browser> | undefined;
/** Browsers being closed on purpose, so their 'disconnected' is not counted as a crash. */
const closing = new WeakSet<Browser>();
let fallbackProxy: FilteringProxy | undefined;

async function launch(): Promise<Browser> {
  fallbackProxy ??= await startFilteringProxy({ denyAll: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    // Playwright adds '<-loopback>' to the bypass list, so loopback also goes through the proxy.
    proxy: { server: fallbackProxy.url },
    timeout: 30_000,
  });
  browser.on('disconnected', () => {
    // A browser we did not close ourselves has crashed: the next job launches a new one.
    if (!closing.has(browser)) recordEngineRestart('chromium');
    browserPromise = undefined;
  });
  return browser;
}

/** The warm browser, launched on first use (and again after a crash). */
export function getBrowser(): Promise<Browser> {
  if (!browserPromise) {
    browserPromise = launch().catch((error: unknown) => {
      browserPromise = undefined;
      throw error;
    });
  }
  return browserPromise;
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

async function closeQuietly(pending: Promise<Browser>): Promise<void> {
  try {
    const browser = await pending;
    closing.add(browser);
    await Promise.race([browser.close(), new Promise((r) => setTimeout(r, 5000))]);
  } catch {
    // it was already gone
  }
}

/** For the server's close hook and tests' afterAll. */
export async function shutdownChromium(): Promise<void> {
  const current = browserPromise;
  browserPromise = undefined;
  if (current) await closeQuietly(current);
  await fallbackProxy?.close();
  fallbackProxy = undefined;
}
