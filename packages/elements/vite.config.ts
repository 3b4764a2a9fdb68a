/**
 * The partner bundle: every element entry as a self-contained ES module (React included, since a
 * partner page has none), sharing chunks, plus one stylesheet. The stylesheet is also inlined into
 * the bundle (`inline-element-css`), so each shadow root adopts it with no extra request and no
 * flash of unstyled content; the .css file stays for pages that render the React components.
 */
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import { elementEntries, elementEntriesPlugin } from './src/entries.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
// The entries follow the catalogue. Vite loads this config with bare imports left to Node, which
// cannot run core's TypeScript source, so tsx loads it.
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

export default defineConfig({
  root: here,
  plugins: [react(), vanillaExtractPlugin(), elementEntriesPlugin(here, toolIds), inlineElementCss()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
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
});
