/**
 * The npm build of @docstudio/elements (dist/): `index.js` (the API: define your own elements),
 * `all.js`, and one module per element named by its id (`pdf-merge.js`, `workflow-runner.js`, what
 * `@docstudio/elements/<id>` loads; importing it defines the element), sharing chunks/. React,
 * @docstudio/react and the other dependencies stay imports, resolved by the consumer's bundler. The
 * shadow roots' stylesheet is @docstudio/react's built styles.css, inlined as text (so
 * @docstudio/react must be built first). Beside them, from the element descriptions (src/manifest):
 * custom-elements.json and tags.d.ts (the tag, event and JSX typings). The served, self-contained
 * scripts are vite.config.ts's (dist/standalone).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { defineConfig, type Plugin } from 'vite';
import manifest from './package.json' with { type: 'json' };
import { elementEntriesPlugin, libraryEntries } from './src/entries.ts';

const here = fileURLToPath(new URL('.', import.meta.url));
// Vite leaves a config's package imports to Node, which cannot run TypeScript: tsx loads these.
const { tools }: typeof import('@docstudio/core') = await tsImport('@docstudio/core', import.meta.url);
const { customElementsManifest }: typeof import('./src/manifest/custom-elements.manifest.ts') =
  await tsImport('./src/manifest/custom-elements.manifest.ts', import.meta.url);
const { tagTypings }: typeof import('./src/manifest/tag.typings.ts') = await tsImport(
  './src/manifest/tag.typings.ts',
  import.meta.url,
);

const dependencies = [...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)];
const PLACEHOLDER = /(["'`])__DOCSTUDIO_ELEMENT_CSS__\1/g;

/** @docstudio/react's built stylesheet, as the package a consumer installs resolves it. */
function reactStylesheet(): string {
  const path = `${dirname(createRequire(import.meta.url).resolve('@docstudio/react/package.json'))}/dist/styles.css`;
  if (!existsSync(path))
    throw new Error(`No ${path}: build @docstudio/react first (npm run build -w @docstudio/react).`);
  return readFileSync(path, 'utf8');
}

/** Inlines the stylesheet text and writes custom-elements.json and tags.d.ts. */
function elementAssets(): Plugin {
  return {
    name: 'docstudio-element-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const css = JSON.stringify(reactStylesheet());
      let inlined = 0;
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.code.includes('__DOCSTUDIO_ELEMENT_CSS__')) continue;
        file.code = file.code.replace(PLACEHOLDER, () => css);
        inlined++;
      }
      if (inlined === 0) this.error('No chunk holds the element stylesheet placeholder.');
      this.emitFile({
        type: 'asset',
        fileName: 'custom-elements.json',
        source: `${JSON.stringify(customElementsManifest(), null, 2)}\n`,
      });
      this.emitFile({ type: 'asset', fileName: 'tags.d.ts', source: tagTypings() });
    },
  };
}

export default defineConfig({
  root: here,
  plugins: [
    elementEntriesPlugin(
      here,
      tools.map((tool) => tool.id),
    ),
    elementAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    lib: {
      entry: libraryEntries(
        here,
        tools.map((tool) => tool.id),
      ),
      formats: ['es'],
    },
    rolldownOptions: {
      external: (id) => dependencies.some((name) => id === name || id.startsWith(`${name}/`)),
      output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
