/**
 * `npm run build -w @docstudio/server`: compiles the server to plain JavaScript in dist/ with esbuild,
 * so it runs on bare Node (no TypeScript loader at run time):
 * - dist/main.js       the `docstudio-server` bin (listens, from the environment)
 * - dist/index.js      createServer() and what else src/index.ts exports, for embedding
 * - dist/task-worker.js the MuPDF/pdf-lib worker thread's entry (engines/mupdf-worker/task-entry.ts
 *   finds it beside the chunk that starts the pool)
 * plus shared chunks, source maps, the LibreOffice UNO bridge (a Python script beside its chunk) and
 * the engine spawner's process (engines/spawner/spawner-child.mjs, beside its chunk too).
 *
 * @docstudio/core is bundled in from its TypeScript source: the server then needs no build of core
 * first, and at run time never loads the core package (a dependency still, for the types that
 * dist/index.d.ts, made by `npm run build:types` on `npm pack`, imports from it). Every other npm
 * dependency stays external (resolved from node_modules at run time): the native ones
 * (better-sqlite3, sharp) and the ones loading files beside themselves (mupdf's WebAssembly,
 * playwright-core, piscina's worker) must, and keeping the rest external too means the server runs
 * the very packages its tests from src/ run, as their authors shipped them.
 */
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}package.json`, 'utf8'));
const outdir = `${here}dist`;

rmSync(outdir, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: here,
  entryPoints: {
    main: 'src/main.ts',
    index: 'src/index.ts',
    'task-worker': 'src/engines/mupdf-worker/task-worker.ts',
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: 'linked',
  // chunks beside the entries: `new URL('./x', import.meta.url)` then means dist/x from any of them
  chunkNames: '[name]-[hash]',
  external: Object.keys(manifest.dependencies ?? {}).filter((name) => name !== '@docstudio/core'),
  // core's own source, whatever its package.json points at (its dist may not be built yet)
  alias: { '@docstudio/core': `${here}../core/src/index.ts` },
  logLevel: 'warning',
});
copyFileSync(`${here}src/engines/libreoffice/uno-bridge.py`, `${outdir}/uno-bridge.py`);
// the engine spawner's process (plain JavaScript, started with bare Node beside the chunk that starts it)
copyFileSync(`${here}src/engines/spawner/spawner-child.mjs`, `${outdir}/spawner-child.mjs`);
console.log(`Built the server into ${outdir} in ${Math.round(performance.now() - started)} ms`);
