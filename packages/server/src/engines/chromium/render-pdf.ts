/**
 * Renders a web page or an uploaded HTML document to PDF in a fresh, isolated browser context.
 * The network guard is the per-job filtering proxy (see security/ssrf); service workers are blocked
 * because they could outlive the page and fetch on their own. A job that does not finish in time is
 * 504, and the context (or, if the renderer is wedged, the browser) is torn down. A web page whose
 * main document could not be loaded (refused by the guard, a network error, an HTTP error status, or
 * Chromium's own error page after a later navigation) is 422 Code 5007, never a PDF of an error page.
 */
import type { Browser, BrowserContext, Page, Request, Response } from 'playwright-core';
import { conversionFailed, DomainError, engineTimeout, remoteDownloadFailed } from '../../contract/errors';
import { type FilteringProxy, type SsrfPolicy, startFilteringProxy } from '../../security/ssrf';
import { timeLeftMs } from '../time-left';
import { restartBrowser, withBrowser } from './chromium-browser';

export interface RenderOptions {
  outPath: string;
  /** How long the whole render may take (the job's time left). */
  timeoutMs: number;
  signal: AbortSignal;
}

/** How long to wait for the network to go quiet after load before printing anyway. */
const NETWORK_IDLE_CAP_MS = 10_000;
const MAX_CONCURRENT_PAGES = 2;

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_PAGES) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await work();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

const PDF_OPTIONS = {
  format: 'A4',
  printBackground: true,
  preferCSSPageSize: true,
  margin: { top: '10mm', bottom: '10mm', left: '10mm', right: '10mm' },
} as const;

/**
 * Runs `load` then prints. Races the whole job against its time limit and the abort signal; on timeout
 * the context is closed without waiting for a possibly wedged renderer.
 */
async function renderInContext(
  proxy: FilteringProxy,
  options: RenderOptions,
  load: (page: Page, context: BrowserContext, deadlineAt: number) => Promise<void>,
): Promise<void> {
  await withBrowser((browser) => renderWithBrowser(browser, proxy, options, load));
}

async function renderWithBrowser(
  browser: Browser,
  proxy: FilteringProxy,
  options: RenderOptions,
  load: (page: Page, context: BrowserContext, deadlineAt: number) => Promise<void>,
): Promise<void> {
  const context = await browser.newContext({
    proxy: { server: proxy.url },
    serviceWorkers: 'block',
    acceptDownloads: false,
    javaScriptEnabled: true,
    bypassCSP: false,
    viewport: { width: 1280, height: 900 },
  });
  let timer: NodeJS.Timeout | undefined;
  let wedged = false;
  const outOfTime = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      wedged = true;
      reject(engineTimeout('The page did not finish rendering within the time limit.'));
    }, options.timeoutMs);
    options.signal.addEventListener(
      'abort',
      () => {
        wedged = true;
        reject(options.signal.reason instanceof DomainError ? options.signal.reason : engineTimeout());
      },
      { once: true },
    );
  });
  try {
    const work = (async () => {
      const page = await context.newPage();
      const deadlineAt = Date.now() + options.timeoutMs;
      await load(page, context, deadlineAt);
      await page.pdf({ ...PDF_OPTIONS, path: options.outPath });
    })();
    work.catch(() => undefined); // the race below reports; avoid an unhandled rejection after a timeout
    await Promise.race([work, outOfTime]);
  } finally {
    clearTimeout(timer);
    const closed = context.close().then(
      () => true,
      () => false,
    );
    const done = await Promise.race([closed, new Promise<boolean>((r) => setTimeout(() => r(false), 5000))]);
    if (wedged && !done) await restartBrowser();
  }
}

/** The time left until `deadlineAt`, at most `cap`: one browser call's `timeoutMs`. */
const remaining = (deadlineAt: number, cap: number): number => Math.min(cap, timeLeftMs(deadlineAt));

/** Waits for the network to settle, but never longer than the cap: busy pages are printed as they are. */
async function settle(page: Page, deadlineAt: number): Promise<void> {
  await page
    .waitForLoadState('networkidle', { timeout: remaining(deadlineAt, NETWORK_IDLE_CAP_MS) })
    .catch(() => undefined);
}

/** web/to/pdf: navigates to an already checked URL through a proxy enforcing `policy`. */
export async function renderUrlToPdf(url: string, policy: SsrfPolicy, options: RenderOptions): Promise<void> {
  const proxy = await startFilteringProxy(policy);
  try {
    await withSlot(() =>
      renderInContext(proxy, options, async (page, _context, deadlineAt) => {
        const main = watchMainDocument(page, proxy);
        try {
          await page.goto(url, { waitUntil: 'load', timeout: remaining(deadlineAt, options.timeoutMs) });
        } catch (error) {
          const message = error instanceof Error ? error.message : '';
          if (/Timeout/i.test(message)) throw engineTimeout('The page did not load within the time limit.');
          if (proxy.blocked.length > 0 && /TUNNEL|PROXY/i.test(message)) throw blockedNavigation(proxy);
          throw (
            main.failure() ??
            remoteDownloadFailed(`the page could not be loaded (${shortNetError(message)}).`)
          );
        }
        await settle(page, deadlineAt);
        // A script or meta refresh may have navigated away after load, onto a refused or failed page.
        const failure = main.failure();
        if (failure) throw failure;
        if (page.url().startsWith('chrome-error:'))
          throw remoteDownloadFailed('the page could not be loaded.');
      }),
    );
  } finally {
    await proxy.close();
  }
}

/** Follows the main frame's navigations; failure() is why the document now shown is not the page. */
function watchMainDocument(page: Page, proxy: FilteringProxy): { failure(): DomainError | undefined } {
  let failure: DomainError | undefined;
  const isMainNavigation = (request: Request): boolean => {
    try {
      return request.isNavigationRequest() && request.frame() === page.mainFrame();
    } catch {
      return false; // a request without a frame (a worker's) is not the page's document
    }
  };
  page.on('response', (response: Response) => {
    if (!isMainNavigation(response.request())) return;
    const status = response.status();
    if (response.headers()['x-docstudio-blocked']) failure = blockedNavigation(proxy);
    else if (status >= 400) failure = remoteDownloadFailed(`the server answered HTTP ${status}.`);
    else if (status < 300) failure = undefined;
  });
  page.on('requestfailed', (request: Request) => {
    const reason = request.failure()?.errorText ?? '';
    // ERR_ABORTED: a navigation replaced by another one (or a download), not a failure of the page.
    if (!isMainNavigation(request) || /ERR_ABORTED/.test(reason)) return;
    failure =
      proxy.blocked.length > 0 && /TUNNEL|PROXY/i.test(reason)
        ? blockedNavigation(proxy)
        : remoteDownloadFailed(`the page could not be loaded (${shortNetError(reason)}).`);
  });
  return { failure: () => failure };
}

/** The guard refused where the page led (a redirect, a script's navigation): 422 Code 5007 with the reason. */
function blockedNavigation(proxy: FilteringProxy): DomainError {
  const reason = proxy.blocked[0]?.reason ?? 'the address is not public';
  return remoteDownloadFailed(`the page leads to an address that is not allowed (${reason}).`);
}

function shortNetError(message: string): string {
  return /net::[A-Z_]+/.exec(message)?.[0] ?? /ERR_[A-Z_]+/.exec(message)?.[0] ?? 'network error';
}

/**
 * html/to/pdf: the uploaded HTML runs with JavaScript on and no network at all: a deny-all proxy
 * below the page, and every request the page makes aborted (data: URLs never reach either).
 */
export async function renderHtmlToPdf(html: string, options: RenderOptions): Promise<void> {
  const proxy = await startFilteringProxy({ denyAll: true });
  try {
    await withSlot(() =>
      renderInContext(proxy, options, async (page, context, deadlineAt) => {
        await context.route('**/*', (route) => route.abort('blockedbyclient'));
        try {
          await page.setContent(html, {
            waitUntil: 'load',
            timeout: remaining(deadlineAt, options.timeoutMs),
          });
        } catch (error) {
          if (error instanceof Error && /Timeout/i.test(error.message)) {
            throw engineTimeout(
              'The HTML did not finish loading within the time limit (a script may never end).',
            );
          }
          throw conversionFailed('The HTML could not be rendered.');
        }
        // Scripts that write text after load (timers, promises) get a short moment to run.
        await page.waitForTimeout(Math.min(300, remaining(deadlineAt, 300)));
      }),
    );
  } finally {
    await proxy.close();
  }
}
