/**
 * When a page is ready to print: no request in flight and no change to the DOM for a short quiet
 * window, after its web fonts are ready. Replaces a fixed wait after load: a static page prints at
 * once, a page whose scripts keep writing (timers, fetches) is given the time it uses, up to a cap
 * and never past the job's deadline (a page that never settles is printed as it is then).
 */
import type { Page, Request } from 'playwright-core';
export interface SettleOptions {
  /** How long the page must stay quiet (no request in flight, no DOM change). */
  quietMs: number;
  /** The longest wait for quiet; a busy page is printed as it is then. */
  capMs: number;
}

/** Counts the page's requests in flight from the moment it is called (before navigating). */
export function watchRequests(page: Page): { inFlight(): number; lastChangeAt(): number } {
  const pending = new Set<Request>();
  let lastChangeAt = Date.now();
  const start = (request: Request): void => {
    pending.add(request);
    lastChangeAt = Date.now();
  };
  const end = (request: Request): void => {
    pending.delete(request);
    lastChangeAt = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return { inFlight: () => pending.size, lastChangeAt: () => lastChangeAt };
}

/**
 * Installed in the page before its scripts run: counts the page's pending `setTimeout`s due within
 * a second (a script still about to write), so settling waits for them; longer timers and intervals
 * are not waited for. The page could tamper with it, which only delays its own print to the cap.
 * Kept as source text, like DOM_QUIET below.
 */
export const TIMER_TRACKER = `(() => {
  if (window.__docstudioSettle) return;
  const nativeSet = window.setTimeout.bind(window);
  const nativeClear = window.clearTimeout.bind(window);
  const pending = new Set();
  window.setTimeout = function (handler, delay, ...args) {
    if (typeof handler !== 'function' || Number(delay) > 1000) return nativeSet(handler, delay, ...args);
    const id = nativeSet(function (...given) { pending.delete(id); return handler.apply(this, given); }, delay, ...args);
    pending.add(id);
    return id;
  };
  window.clearTimeout = function (id) { pending.delete(id); return nativeClear(id); };
  Object.defineProperty(window, '__docstudioSettle', {
    value: { pendingTimers: () => pending.size, setTimeout: nativeSet, clearTimeout: nativeClear },
  });
})()`;

/**
 * Runs in the page: resolves once `document.fonts` is ready, the DOM has not changed for `quietMs` and
 * no tracked timer is pending (or after `capMs`). Kept as source text: a compiled function could
 * carry the bundler's helpers (e.g. esbuild's `__name`), which do not exist in the page.
 */
const DOM_QUIET = `({ quietMs, capMs }) => new Promise((resolve) => {
  const settle = window.__docstudioSettle;
  const later = settle ? settle.setTimeout : setTimeout.bind(window);
  const cancel = settle ? settle.clearTimeout : clearTimeout.bind(window);
  const pendingTimers = () => (settle ? settle.pendingTimers() : 0);
  let timer;
  let observer;
  const done = () => { if (observer) observer.disconnect(); cancel(timer); resolve(); };
  const check = () => { if (pendingTimers() === 0) done(); else timer = later(check, quietMs); };
  later(done, capMs);
  const fontsReady = document.fonts ? document.fonts.ready : Promise.resolve();
  fontsReady.then(() => {
    observer = new MutationObserver(() => { cancel(timer); timer = later(check, quietMs); });
    observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    timer = later(check, quietMs);
  });
})`;

const domQuiet = (page: Page, quietMs: number, capMs: number): Promise<unknown> =>
  page.evaluate(`(${DOM_QUIET})(${JSON.stringify({ quietMs, capMs: Math.ceil(capMs) })})`);

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until the DOM is quiet and, at that moment, no request has been in flight for `quietMs`;
 * a navigation meanwhile (the page's context replaced) just starts the wait again on the new page.
 */
export async function settlePage(
  page: Page,
  requests: ReturnType<typeof watchRequests>,
  deadlineAt: number,
  options: SettleOptions,
): Promise<void> {
  const giveUpAt = Math.min(deadlineAt, Date.now() + options.capMs);
  const left = (): number => giveUpAt - Date.now();
  const networkQuiet = (): boolean =>
    requests.inFlight() === 0 && Date.now() - requests.lastChangeAt() >= options.quietMs;
  while (left() > 0) {
    try {
      await domQuiet(page, options.quietMs, left());
    } catch {
      // The document was replaced (a navigation) or closed: look again on the new one.
      if (page.isClosed()) return;
      await sleep(Math.min(options.quietMs, Math.max(0, left())));
      continue;
    }
    if (networkQuiet()) return;
    const waitMs = options.quietMs - (Date.now() - requests.lastChangeAt());
    await sleep(Math.max(0, Math.min(waitMs, left())));
    if (networkQuiet()) return;
  }
}
