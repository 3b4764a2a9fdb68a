/**
 * Browser contexts made ahead of time, so a job does not pay for creating one (a new context and page
 * cost about as much as the whole render). Isolation is unchanged: every job takes a context nobody
 * used before and closes it afterwards; a replacement is prepared once the job is done, while the
 * browser is idle, and only for the kinds of job the server has seen. Contexts of a browser that died
 * or was closed are dropped, never handed out.
 * - 'offline' (html/to/pdf): the browser's own deny-all proxy (loopback not bypassed) and a route
 *   aborting every request; no proxy of its own.
 * - 'web' (web/to/pdf): the browser's shared filtering proxy under credentials of its own, refusing
 *   everything until the job that takes it sets its policy (`tenant.setPolicy`).
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ProxyTenant } from '../../security/ssrf';
import { browserProxy } from './chromium-browser';
import { TIMER_TRACKER } from './page-settle';

/** One idle context per kind is enough for a job stream; a second concurrent job makes its own. */
const PREPARED_COUNT = 1;

export type ContextKind = 'offline' | 'web';

export interface PreparedContext {
  context: BrowserContext;
  page: Page;
  /** 'web' only: the context's share of the browser's filtering proxy (released with the context). */
  tenant?: ProxyTenant;
}

/** Options shared by every job's context ('web' adds its proxy credentials). */
export const CONTEXT_OPTIONS = {
  serviceWorkers: 'block',
  acceptDownloads: false,
  javaScriptEnabled: true,
  bypassCSP: false,
  viewport: { width: 1280, height: 900 },
} as const;

interface Entry {
  browser: Browser;
  kind: ContextKind;
  prepared: Promise<PreparedContext>;
}

let idle: Entry[] = [];

/** A context (and its first page) for uploaded HTML: no request of the page leaves it. */
async function makeOfflineContext(browser: Browser): Promise<PreparedContext> {
  const context = await browser.newContext(CONTEXT_OPTIONS);
  try {
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    await context.addInitScript(TIMER_TRACKER);
    const page = await context.newPage();
    // The first page's blank document may predate the init script; setContent keeps its window.
    await page.evaluate(TIMER_TRACKER);
    return { context, page };
  } catch (error) {
    await context.close().catch(() => undefined);
    throw error;
  }
}

/** A context for a web page: all its traffic through the shared proxy, under its own credentials. */
async function makeWebContext(browser: Browser): Promise<PreparedContext> {
  const shared = browserProxy();
  const tenant = shared.register({ denyAll: true });
  try {
    const { username, password } = tenant;
    const context = await browser.newContext({
      ...CONTEXT_OPTIONS,
      proxy: { server: shared.url, username, password },
    });
    try {
      await context.addInitScript(TIMER_TRACKER);
      return { context, page: await context.newPage(), tenant };
    } catch (error) {
      await context.close().catch(() => undefined);
      throw error;
    }
  } catch (error) {
    tenant.release();
    throw error;
  }
}

const MAKE: Record<ContextKind, (browser: Browser) => Promise<PreparedContext>> = {
  offline: makeOfflineContext,
  web: makeWebContext,
};

function usable(entry: Entry, browser: Browser): boolean {
  return entry.browser === browser && browser.isConnected();
}

/** Takes a prepared context of `kind` on `browser`, or makes one now when none is ready. */
export async function takeContext(browser: Browser, kind: ContextKind): Promise<PreparedContext> {
  const stale = idle.filter((entry) => !usable(entry, browser));
  idle = idle.filter((entry) => usable(entry, browser));
  for (const entry of stale) void discard(entry);
  const index = idle.findIndex((entry) => entry.kind === kind);
  const entry = index >= 0 ? idle.splice(index, 1)[0] : undefined;
  if (entry) {
    const prepared = await entry.prepared.catch(() => undefined);
    if (prepared && !prepared.page.isClosed()) return prepared;
    if (prepared) void discard(entry);
  }
  return MAKE[kind](browser);
}

/** Prepares contexts of `kind` up to PREPARED_COUNT on `browser` (after a job, when the browser is idle). */
export function prepareContexts(browser: Browser, kind: ContextKind): void {
  const ready = (): number => idle.filter((entry) => entry.kind === kind && usable(entry, browser)).length;
  while (browser.isConnected() && ready() < PREPARED_COUNT) {
    const prepared = MAKE[kind](browser);
    prepared.catch(() => undefined); // a browser closing meanwhile: the entry is dropped when taken
    idle.push({ browser, kind, prepared });
  }
}

/** Closes a context (and forgets its proxy credentials). */
export async function discardContext(prepared: PreparedContext): Promise<void> {
  await prepared.context.close().catch(() => undefined);
  prepared.tenant?.release();
}

async function discard(entry: Entry): Promise<void> {
  const prepared = await entry.prepared.catch(() => undefined);
  if (prepared) await discardContext(prepared);
}
