/**
 * The npm build of @docstudio/core: one ES module, dist/index.js, with its source map; its
 * dependencies stay imports. The declarations are bundled after it (scripts/library/bundle-types.mjs).
 */
import { defineConfig } from 'vite';
import manifest from './package.json' with { type: 'json' };

const dependencies = Object.keys(manifest.dependencies);

export default defineConfig({
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'index' },
    rolldownOptions: {
      external: (id) => dependencies.some((name) => id === name || id.startsWith(`${name}/`)),
    },
  },
});
