/**
 * A Vite plugin for the studio build: writes page-preloads.json beside index.html, the files each
 * lazily loaded page module needs (its chunk, the chunks it imports, their CSS), by kind of route
 * (demo/src/routing/page-modules.ts). The server names them in a `Link` header of the page's HTML
 * (packages/server/src/http/page-preloads.ts), so a browser that lands on a tool page fetches its
 * module alongside the first load, instead of once the first load has run and asked for it.
 * The entry's chunks and those it imports are left out: index.html loads them itself.
 */

/** The file the server reads (http/page-preloads.ts names it the same; a build without it gets no Link headers). */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/**
 * `sources`: kind → the page module's source, relative to `srcDir` (absolute). A source that is not
 * a lazily loaded module of the build fails the build: the mapping and the router have drifted.
 */
export function pagePreloadsPlugin({ sources, srcDir }) {
  let base = '/';
  return {
    name: 'docstudio-page-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      // what index.html loads already: the entry and the chunks it imports
      const firstLoad = new Set();
      const load = (fileName) => {
        if (firstLoad.has(fileName)) return;
        firstLoad.add(fileName);
        for (const imported of byFile.get(fileName)?.imports ?? []) load(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) load(chunk.fileName);
      const preloads = {};
      for (const [kind, source] of Object.entries(sources)) {
        const id = `${srcDir}/${source}`;
        const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === id);
        if (!page) this.error(`${source} (route kind '${kind}') is no lazily loaded module of the build.`);
        const modules = [];
        const styles = [];
        const visit = (chunk) => {
          if (firstLoad.has(chunk.fileName) || modules.includes(chunk.fileName)) return;
          modules.push(chunk.fileName);
          styles.push(...(chunk.viteMetadata?.importedCss ?? []));
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        visit(page);
        preloads[kind] = {
          modules: modules.map((file) => base + file),
          styles: [...new Set(styles)].map((file) => base + file),
        };
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_PRELOADS_FILE,
        source: JSON.stringify(preloads, null, 2),
      });
    },
  };
}
