/**
 * Renders a web page or an uploaded HTML document to PDF in a fresh, isolated browser context (made
 * ahead of time, prepared-contexts.ts), printed once the page has settled (page-settle.ts). The network
 * guard is the browser's filtering proxy under the job's own credentials (see security/ssrf) for a web
 * page, the browser's deny-all proxy and a route refusing everything for HTML; service workers are blocked
 * because they could outlive the page and fetch on their own. A job that does not finish in time is
 * 504, and the context (or, if the renderer is wedged, the browser) is torn down. A web page whose
 * main document could not be loaded (refused by the guard, a network error, an HTTP error status, or
 * Chromium's own error page after a later navigation) is 422 Code 5007, never a PDF of an error page.
 */
import type { Browser, Page, Request, Response } from 'playwright-core';
import { conversionFailed, DomainError, engineTimeout, remoteDownloadFailed } from '../../contract/errors';
import type { ProxyTenant, SsrfPolicy } from '../../security/ssrf';
import { fulfilsWithin, timeLeftMs } from '../time-left';
import { CLOSE_GRACE_MS, restartBrowser, withBrowser } from './chromium-browser';
import { type SettleOptions, settlePage, watchRequests } from './page-settle';
import { type PreparedContext, prepareContexts, takeContext } from './prepared-contexts';

export interface RenderOptions {
  outPath: string;
  /** How long the whole render may take (the job's time left). */
  timeoutMs: number;
  signal: AbortSignal;
}

/**
 * When a page counts as settled after load (no request in flight, no DOM change and no short timer
 * pending for `quietMs`; page-settle.ts): a web
 * page's subresources arrive over the network, so it is given a longer quiet window than uploaded
 * HTML, whose requests are all refused at once. Busy pages are printed at the cap as they are.
 */
const WEB_SETTLE: SettleOptions = { quietMs: 250, capMs: 10_000 };
const HTML_SETTLE: SettleOptions = { quietMs: 50, capMs: 5_000 };
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
 * Opens the job's context, runs `load` then prints. Races the whole job, the context's opening
 * included, against its time limit and the abort signal; on timeout the context is closed without
 * waiting for a possibly wedged renderer.
 */
async function renderWithBrowser(
  browser: Browser,
  open: (browser: Browser) => Promise<PreparedContext>,
  options: RenderOptions,
  load: (prepared: PreparedContext, deadlineAt: number) => Promise<void>,
): Promise<void> {
  const deadlineAt = Date.now() + options.timeoutMs;
  const opening = open(browser);
  opening.catch(() => undefined); // reported through `work`
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
      const prepared = await opening;
      await load(prepared, deadlineAt);
      await prepared.page.pdf({ ...PDF_OPTIONS, path: options.outPath });
    })();
    work.catch(() => undefined); // the race below reports; avoid an unhandled rejection after a timeout
    await Promise.race([work, outOfTime]);
  } finally {
    clearTimeout(timer);
    // A context that opens after the time limit is closed when it does; its proxy credentials go with it.
    const closed = opening.then(async ({ context, tenant }) => {
      try {
        await context.close();
      } finally {
        tenant?.release();
      }
    });
    closed.catch(() => undefined); // a failed close only matters to a job that ran out of time
    // A finished job does not wait for its context to close (the PDF is written; the next job has a
    // prepared context); a job that ran out of time does, and kills the browser if the renderer is stuck.
    if (wedged && !(await fulfilsWithin(closed, CLOSE_GRACE_MS))) await restartBrowser();
  }
}

/** What the guard refused for this job. */
type Refusals = Pick<ProxyTenant, 'blocked'>;

/** The time left until `deadlineAt`, at most `cap`: one browser call's `timeoutMs`. */
const remaining = (deadlineAt: number, cap: number): number => Math.min(cap, timeLeftMs(deadlineAt));

/**
 * web/to/pdf: navigates to an already checked URL in a prepared context whose share of the browser's
 * filtering proxy now enforces `policy`.
 */
export async function renderUrlToPdf(url: string, policy: SsrfPolicy, options: RenderOptions): Promise<void> {
  await withSlot(() =>
    withBrowser(async (browser) => {
      const open = async (b: Browser): Promise<PreparedContext> => {
        const prepared = await takeContext(b, 'web');
        prepared.tenant?.setPolicy(policy); // a context without one is refused below, before any request
        return prepared;
      };
      try {
        await renderWithBrowser(browser, open, options, async ({ page, tenant: proxy }, deadlineAt) => {
          if (!proxy) throw new Error('a web context without its proxy credentials');
          const main = watchMainDocument(page, proxy);
          const requests = watchRequests(page);
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
          await settlePage(page, requests, deadlineAt, WEB_SETTLE);
          // A script or meta refresh may have navigated away after load, onto a refused or failed page.
          const failure = main.failure();
          if (failure) throw failure;
          if (page.url().startsWith('chrome-error:'))
            throw remoteDownloadFailed('the page could not be loaded.');
        });
      } finally {
        prepareContexts(browser, 'web');
      }
    }),
  );
}

/** Follows the main frame's navigations; failure() is why the document now shown is not the page. */
function watchMainDocument(page: Page, proxy: Refusals): { failure(): DomainError | undefined } {
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
function blockedNavigation(proxy: Refusals): DomainError {
  const reason = proxy.blocked[0]?.reason ?? 'the address is not public';
  return remoteDownloadFailed(`the page leads to an address that is not allowed (${reason}).`);
}

function shortNetError(message: string): string {
  return /net::[A-Z_]+/.exec(message)?.[0] ?? /ERR_[A-Z_]+/.exec(message)?.[0] ?? 'network error';
}

/**
 * html/to/pdf: the uploaded HTML runs with JavaScript on and no network at all, in a context prepared
 * ahead of time (prepared-contexts.ts): the browser's deny-all proxy below the page, and every request
 * the page makes aborted (data: URLs never reach either). Printed once the page has settled.
 */
export async function renderHtmlToPdf(html: string, options: RenderOptions): Promise<void> {
  await withSlot(() =>
    withBrowser(async (browser) => {
      try {
        await renderWithBrowser(
          browser,
          (b) => takeContext(b, 'offline'),
          options,
          async ({ page }, deadlineAt) => {
            const requests = watchRequests(page);
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
            // Scripts that write text after load (timers, promises) run until the page goes quiet.
            await settlePage(page, requests, deadlineAt, HTML_SETTLE);
          },
        );
      } finally {
        prepareContexts(browser, 'offline');
      }
    }),
  );
}
