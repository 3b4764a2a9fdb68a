/**
 * Why a call from this page to an API on another origin failed with nothing but a network error.
 * A browser tells the page nothing about a refused CORS preflight ("Failed to fetch"), so an element
 * on an origin the server does not list would only say "Unable to authenticate". One simple request
 * asks the server instead: a GET without credentials or custom headers, which needs no preflight. A
 * server that refuses this page's origin answers it 403 Code 4030, readable by this origin, with a
 * Message naming the server's CORS_ORIGINS setting; that answer becomes the caller's error. Anything
 * else (the server is really unreachable, or the origin is allowed and something else failed) gives
 * undefined, and the caller keeps its own error.
 */
import { ErrorCode } from './conversion.contract';
import type { ConversionError } from './conversion.errors';
import { parseErrorAnswer } from './conversion.response';
import type { FetchLike } from './http.transport';

interface PageLocation {
  origin: string;
  href: string;
}

const pageLocation = (): PageLocation | undefined => {
  const location = (globalThis as { location?: Partial<PageLocation> }).location;
  return typeof location?.origin === 'string' && typeof location.href === 'string'
    ? { origin: location.origin, href: location.href }
    : undefined;
};

/**
 * The server's refusal of this page's origin, when that is why a call to `url` failed; `url` is any
 * API address on that server that has no GET route of its own (`{apiUrl}/upload`). Outside a
 * browser, or for a same-origin API, there is nothing to ask: undefined.
 */
export async function originRefusal(
  url: string,
  fetchImpl: FetchLike = (input, init) => globalThis.fetch(input, init),
): Promise<ConversionError | undefined> {
  const page = pageLocation();
  if (!page) return undefined;
  let target: URL;
  try {
    target = new URL(url, page.href);
  } catch {
    return undefined;
  }
  if (target.origin === page.origin) return undefined;
  try {
    const answer = await fetchImpl(target.href, { method: 'GET', credentials: 'omit', cache: 'no-store' });
    if (answer.status !== 403) return undefined;
    const refusal = parseErrorAnswer(answer, await answer.text());
    return refusal.code === ErrorCode.OriginNotAllowed && refusal.serverMessage ? refusal : undefined;
  } catch {
    return undefined;
  }
}
