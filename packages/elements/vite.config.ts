/**
 * The served partner bundle (dist/standalone, copied to the studio at /elements/): every element
 * entry as a self-contained ES module (its UI library included, since a partner page has none),
 * sharing chunks, plus one stylesheet. The stylesheet is also inlined into the bundle
 * (`inline-element-css`), so each shadow root adopts it with no extra request and no flash of
 * unstyled content; the .css file stays for pages that render the React components.
 *
 * React is replaced by Preact's compatibility layer here (about 57 KB less gzipped per element: a
 * partner page loading one converter pays ~64 KB instead of ~122 KB). The components are written
 * against React and tested with it; the served scripts are tested in Chromium by the end-to-end
 * specs (partner and cross-origin embedding, portal). `vite build --mode react` builds them with React
 * instead (bench/element-size.bench.ts compares both).
 */
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { elementEntries, elementEntriesPlugin } from './src/entries.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
// The entries follow the catalogue. Vite loads this config with bare imports left to Node, which
// cannot run core's TypeScript source, so tsx loads it (tsx follows tsconfig.base.json `paths`).
const { tools }: typeof import('@docstudio/core') = await tsImport('@docstudio/core', import.meta.url);
const toolIds = tools.map((tool) => tool.id);
const CSS_FILE = 'docstudio-elements.css';
const PLACEHOLDER = /(["'`])__DOCSTUDIO_ELEMENT_CSS__\1/g;

/** Replaces the placeholder string of src/styles/element.styles.ts with the built CSS text. */
function inlineElementCss(): Plugin {
  return {
    name: 'inline-element-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const css = Object.values(bundle).find((file) => file.type === 'asset' && file.fileName === CSS_FILE);
      if (css?.type !== 'asset') this.error(`The build made no ${CSS_FILE} to inline.`);
      const text = typeof css.source === 'string' ? css.source : new TextDecoder().decode(css.source);
      let inlined = 0;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.code.includes('__DOCSTUDIO_ELEMENT_CSS__')) continue;
        file.code = file.code.replace(PLACEHOLDER, () => JSON.stringify(text));
        inlined++;
      }
      if (inlined === 0) this.error('No chunk holds the element stylesheet placeholder.');
    },
  };
}

/**
 * @docstudio/* from their sources, as tsconfig.base.json `paths` name them for the demo build: the
 * generated entry modules have no folder a tsconfig could be looked up from, so the aliases are
 * explicit.
 */
const sourceAliases = ['core', 'react'].map((name) => ({
  find: new RegExp(`^@docstudio/${name}$`),
  replacement: `${here}../${name}/src/index.ts`,
}));

/** react, react-dom and their entry points -> preact/compat (what every dependency imports too). */
const preactCompat = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-runtime' },
];

export default defineConfig(({ mode }) => ({
  root: here,
  plugins: [react(), vanillaExtractPlugin(), elementEntriesPlugin(here, toolIds), inlineElementCss()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: [...sourceAliases, ...(mode === 'react' ? [] : preactCompat)] },
  // The pdf.js worker (page pictures) is found relative to the chunk that starts it, wherever the
  // bundle is served from (the studio's /elements/), not at the host page's /assets/.
  base: './',
  worker: { format: 'es' },
  build: {
    outDir: 'dist/standalone',
    emptyOutDir: true,
    cssCodeSplit: false,
    // Vite keeps whitespace in ES library builds (for consumers' tree-shaking); partners load these
    // files as they are, so the output is minified fully.
    rolldownOptions: { output: { minify: true } },
    lib: {
      entry: elementEntries(here, toolIds),
      formats: ['es'],
      cssFileName: 'docstudio-elements',
    },
  },
}));
