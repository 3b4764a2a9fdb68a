/**
 * The partner bundle: every element entry as a self-contained ES module (React included, since a
 * partner page has none), plus one stylesheet that the entries adopt into their shadow roots.
 */
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { elementEntries } from './src/entries.ts';

const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  plugins: [react(), vanillaExtractPlugin()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    cssCodeSplit: false,
    lib: {
      entry: elementEntries(here),
      formats: ['es'],
      cssFileName: 'docstudio-elements',
    },
  },
});
