/**
 * The `Link` header of a studio page's HTML: the files of the page's own module, as the studio build
 * listed them by kind of route in page-preloads.json (scripts/page-preloads.mjs). A browser that
 * lands on a tool page then fetches the tool's module alongside the first load, not after the first
 * load has run and asked for it (the LCP of /pdf-to-jpg on a simulated phone ~0.8 s sooner,
 * `npm run bench -- landing`).
 * A build without the file, or with one that is not the expected shape, gets no header.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Written by the studio build beside index.html (scripts/page-preloads.mjs names it the same). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** A built file's path: nothing that could end the header's URL or add a parameter. */
const ASSET_PATH = /^\/[\w.\-/]+$/;

interface PageFiles {
  modules: string[];
  styles: string[];
}

const isPaths = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((path) => typeof path === 'string' && ASSET_PATH.test(path));

function isPageFiles(value: unknown): value is PageFiles {
  const files = value as Partial<PageFiles> | null;
  return typeof files === 'object' && files !== null && isPaths(files.modules) && isPaths(files.styles);
}

/**
 * Modules as module preloads (parsed ahead too), styles as style preloads (what Vite's loader adds
 * later). Vite's loader asks for a page's styles with `crossorigin`; a preload must ask the same way
 * or the browser cannot use it and fetches the file again. Module preloads already match the page's
 * module requests.
 */
const linkHeader = ({ modules, styles }: PageFiles): string =>
  [
    ...modules.map((path) => `<${path}>; rel=modulepreload`),
    ...styles.map((path) => `<${path}>; rel=preload; as=style; crossorigin`),
  ].join(', ');

/** The Link header for each kind of route (core SiteRouteKind) the build lists, read once at start-up. */
export function readPagePreloads(staticDir: string): ReadonlyMap<string, string> {
  const file = join(staticDir, PAGE_PRELOADS_FILE);
  if (!existsSync(file)) return new Map();
  let listed: unknown;
  try {
    listed = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return new Map();
  }
  if (typeof listed !== 'object' || listed === null) return new Map();
  return new Map(
    Object.entries(listed)
      .filter((entry): entry is [string, PageFiles] => isPageFiles(entry[1]))
      .map(([kind, files]) => [kind, linkHeader(files)] as const)
      .filter(([, header]) => header !== ''),
  );
}
