/**
 * The npm build of @docstudio/react: dist/index.js (one ES module and its source map, dependencies
 * left as imports) and dist/styles.css, the vanilla-extract styles compiled here so a consumer needs
 * no vanilla-extract plugin. dist/index.js does not import the stylesheet, so plain Node (server
 * rendering, tests) can import it; dist/styled.js imports both and is what everything but Node gets
 * (package.json `exports`: `node` -> index.js, `import` -> styled.js), so a bundler adds the CSS.
 * package.json's `sideEffects` names styled.js: a side-effect-free module that only re-exports is
 * skipped by bundlers, and its stylesheet import with it.
 * dist/vanilla-extract.js is `layeredStyle` and the theme's variables, for a host's own `.css.ts`.
 * The declarations are bundled after it (scripts/library/bundle-types.mjs).
 */
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import manifest from './package.json' with { type: 'json' };

const external = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)];

/** dist/styled.js: the stylesheet, then everything index.js exports. */
function styledEntry(): Plugin {
  return {
    name: 'docstudio-styled-entry',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      if (!bundle['styles.css']) this.error('The build made no styles.css.');
      this.emitFile({
        type: 'asset',
        fileName: 'styled.js',
        source: "import './styles.css';\nexport * from './index.js';\n",
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), vanillaExtractPlugin(), styledEntry()],
  // The pdf.js worker (src/primitives/PdfPages/pdf.worker.ts) becomes dist/assets/pdf.worker-*.js,
  // found relative to the module (`new URL('./assets/…', import.meta.url)`) so a partner's bundler
  // copies it and serves it from the partner's origin; an absolute '/assets/…' would point nowhere.
  base: './',
  worker: { format: 'es' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    cssCodeSplit: false,
    lib: {
      entry: { index: 'src/index.ts', 'vanilla-extract': 'src/vanilla-extract.ts' },
      formats: ['es'],
      cssFileName: 'styles',
    },
    rolldownOptions: {
      external: (id) => external.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
