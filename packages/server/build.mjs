/**
 * `npm run build -w @docstudio/server`: compiles the server to plain JavaScript in dist/ with esbuild,
 * so it runs on bare Node (no TypeScript loader at run time):
 * - dist/main.js       the `docstudio-server` bin (listens, from the environment)
 * - dist/index.js      createServer() and what else src/index.ts exports, for embedding
 * - dist/task-worker.js the MuPDF/pdf-lib worker thread's entry (engines/mupdf-worker/task-entry.ts
 *   finds it beside the chunk that starts the pool)
 * plus shared chunks, source maps, the LibreOffice UNO bridge (a Python script beside its chunk), the
 * engine spawner's process (engines/spawner/spawner-child.mjs, beside its chunk too) and the libraries
 * preloaded into qpdf (PRELOAD_LIBRARIES, compiled with the system's C compiler).
 *
 * @docstudio/core is bundled in from its TypeScript source: the server then needs no build of core
 * first, and at run time never loads the core package (a dependency still, for the types that
 * dist/index.d.ts, made by `npm run build:types` on `npm pack`, imports from it). The pure-JavaScript
 * dependencies are bundled too (their code as published, concatenated): resolving and reading the
 * ~1,300 JavaScript files of fastify, kysely, typebox... one by one was half of the start (issue 19,
 * start to ready ≤ 0.5 s). STAY_EXTERNAL are resolved from node_modules at run time: the native
 * ones, the ones loading files beside themselves (WebAssembly, workers, Lua scripts, a browser) and
 * the big ones the server already loads only on first use. Whitespace is minified (less source for
 * V8 to parse at start; identifiers keep their names, source maps point at the sources' files and
 * lines without carrying their text).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
const manifest = JSON.parse(readFileSync(`${here}package.json`, 'utf8'));
const outdir = `${here}dist`;
/**
 * The C libraries preloaded into qpdf (why: each source's header), by the name engines/preload-library.ts
 * looks for beside the chunks, and their sources under src/engines/.
 */
const PRELOAD_LIBRARIES = {
  'seek-in-buffer.so': 'stdio-seek/seek-in-buffer.c',
  // -fexceptions: a C++ exception thrown through its QPDFJob::run() runs the cleanup there
  'exit-after-write.so': 'qpdf-exit/exit-after-write.c',
  'write-check.so': 'qpdf-write-check/write-check.c',
};
/**
 * Dependencies left to node_modules: better-sqlite3 and sharp (native addons), mupdf (its WebAssembly
 * beside it), playwright-core (a browser driver with files beside it), piscina (starts its own worker
 * file), bullmq (its Lua scripts beside it), and what the server imports only on first use: pg (with
 * its optional native binding), ioredis, exceljs, yazl.
 */
const STAY_EXTERNAL = [
  'better-sqlite3',
  'sharp',
  'mupdf',
  'playwright-core',
  'piscina',
  'bullmq',
  'pg',
  'ioredis',
  'exceljs',
  'yazl',
];

// Everything but the qpdf libraries goes: a qpdf started meanwhile (tests rebuild the server while
// others run) must still find them. Each is replaced in one rename below.
for (const name of existsSync(outdir) ? readdirSync(outdir) : []) {
  if (!(name in PRELOAD_LIBRARIES)) rmSync(`${outdir}/${name}`, { recursive: true, force: true });
}
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
  // Maps without the sources' text: a stack trace needs only the mappings, and Node reads and
  // parses the map of every chunk it loads at start under --enable-source-maps (npm start's and
  // the image's): 6.8 MB for the main chunk with the text, 2.1 MB without, ~65 ms less start.
  sourcesContent: false,
  // chunks beside the entries: `new URL('./x', import.meta.url)` then means dist/x from any of them
  chunkNames: '[name]-[hash]',
  external: STAY_EXTERNAL.filter((name) => name in (manifest.dependencies ?? {})),
  minifyWhitespace: true,
  // bundled CommonJS packages `require()` Node's built-ins: give the ES modules a require of their own
  banner: {
    js: "import { createRequire as __docstudioCreateRequire } from 'node:module'; const require = __docstudioCreateRequire(import.meta.url);",
  },
  // core's own source, whatever its package.json points at (its dist may not be built yet)
  alias: { '@docstudio/core': `${here}../core/src/index.ts` },
  logLevel: 'warning',
});
copyFileSync(`${here}src/engines/libreoffice/uno-bridge.py`, `${outdir}/uno-bridge.py`);
// the engine spawner's process (plain JavaScript, started with bare Node beside the chunk that starts it)
copyFileSync(`${here}src/engines/spawner/spawner-child.mjs`, `${outdir}/spawner-child.mjs`);
for (const [library, source] of Object.entries(PRELOAD_LIBRARIES)) buildPreloadLibrary(library, source);
console.log(`Built the server into ${outdir} in ${Math.round(performance.now() - started)} ms`);

/**
 * dist/{library} from src/engines/{source}. Without a C compiler the server is built all the same and
 * qpdf runs without it (a notice says so).
 */
function buildPreloadLibrary(name, source) {
  const library = `${outdir}/${name}`;
  const compiling = `${library}.${process.pid}`;
  const compiler = process.env.CC || 'cc';
  const flags = ['-shared', '-fPIC', '-fexceptions', '-O2', '-Wall', '-Werror'];
  try {
    mkdirSync(outdir, { recursive: true });
    execFileSync(compiler, [...flags, '-o', compiling, `${here}src/engines/${source}`, '-ldl'], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    renameSync(compiling, library);
  } catch (error) {
    rmSync(compiling, { force: true });
    rmSync(library, { force: true }); // an older build's library is not this source's
    const reason =
      error.code === 'ENOENT' ? `no C compiler (${compiler})` : String(error.stderr ?? error.message).trim();
    console.warn(`Not built: ${library} (${reason}). qpdf will run without it, a little slower.`);
  }
}
