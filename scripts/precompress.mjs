/**
 * Writes a gzip (.gz) and a Brotli (.br) copy beside every compressible file of a built site, once at
 * build time and at the strongest levels, so the server sends them as they are (@fastify/static
 * `preCompressed`, chosen by Accept-Encoding) instead of compressing on every request. Used as a Vite
 * plugin for the studio build and by scripts/build.mjs for the elements copied into it afterwards.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats; images (PNG, WOFF2) are compressed already and gain nothing. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|xml|txt|map|webmanifest)$/i;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

async function filesUnder(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/** Compresses every compressible file under `dir` (again, when it was built again); returns their count. */
export async function precompressFolder(dir) {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  for (const file of files) {
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [gzipped, brotlied] = await Promise.all([
      gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
      brotli(content, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
    ]);
    await Promise.all([writeFile(`${file}.gz`, gzipped), writeFile(`${file}.br`, brotlied)]);
    written += 1;
  }
  return written;
}

/** The Vite plugin: compresses the build's output folder once everything (public files too) is written. */
export function precompressPlugin() {
  let outDir = '';
  return {
    name: 'docstudio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await precompressFolder(outDir);
    },
  };
}
