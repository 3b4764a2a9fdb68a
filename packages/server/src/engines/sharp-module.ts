/**
 * sharp (libvips), loaded on first use through its CommonJS build. Its ES module build imports semver
 * (CommonJS) and a dozen modules of its own through Node's ES module loader: a fresh worker thread took
 * 2.2-2.4x as long to load it that way as through require (interleaved, 12 fresh workers each way), and
 * every MuPDF worker that encodes a JPEG, and the main thread's first OCR or image conversion, pays it.
 */
import { createRequire } from 'node:module';
import type Sharp from 'sharp';

// not `require`: the compiled server's chunks declare one of their own (build.mjs's banner)
const requireFromHere = createRequire(import.meta.url);
let sharp: typeof Sharp | undefined;

export function loadSharp(): typeof Sharp {
  sharp ??= requireFromHere('sharp') as typeof Sharp;
  return sharp;
}
