import type { Plugin } from 'vite';

/** The file the plugin writes beside index.html. */
export const PAGE_PRELOADS_FILE: string;
/**
 * Writes page-preloads.json: for each kind, the chunks and CSS its page module (a source under
 * `srcDir`, absolute) needs beyond the first load. Fails the build for a source that is no lazily
 * loaded module of it.
 */
export function pagePreloadsPlugin(options: {
  sources: Readonly<Record<string, string>>;
  srcDir: string;
}): Plugin;
