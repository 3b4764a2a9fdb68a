/**
 * The measurement behind compress's lossless pass (engines/qpdf.ts RECOMPRESS_FLAGS): qpdf's pass over
 * Ghostscript's output with object streams only, with Flate recompressed at zlib levels 1, 6 and 9,
 * and as the converter runs it (level 6 only on files whose Flate images make it worth it,
 * converters/pdf-compress/flate-images.ts); time (medians) and size summed over the files.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { worthRecompressing } from '../packages/server/src/converters/pdf-compress/flate-images';
import { downsamplePdf } from '../packages/server/src/engines/ghostscript';
import { PACK_FLAGS, RECOMPRESS_FLAGS } from '../packages/server/src/engines/qpdf';

const exec = promisify(execFile);
const RUNS = 3;

const recompressAt = (level: number) => ['--recompress-flate', `--compression-level=${level}`];
/** Each pass's flags for one of Ghostscript's outputs. */
const PASSES: { name: string; flags: (input: string) => Promise<string[]> }[] = [
  { name: 'object streams only', flags: async () => [] },
  ...[1, 6, 9].map((level) => ({
    name: `Flate recompressed, level ${level}`,
    flags: async () => recompressAt(level),
  })),
  {
    name: 'level 6 where Flate images (converter)',
    flags: async (input: string) => ((await worthRecompressing(input)) ? RECOMPRESS_FLAGS : []),
  },
];

export async function printCompressionLevels(root: string, sources: readonly string[]): Promise<void> {
  const rewritten: string[] = [];
  let gsBytes = 0;
  for (const [index, source] of sources.entries()) {
    const output = join(root, `levels-gs-${index}.pdf`);
    await downsamplePdf(source, output, 150, { timeoutMs: 300_000 });
    rewritten.push(output);
    gsBytes += (await stat(output)).size;
  }
  console.log(
    `qpdf pass over Ghostscript's output (Preset ebook), all ${sources.length} files, medians of ${RUNS}:`,
  );
  console.log(`  Ghostscript's output alone               ${(gsBytes / 1024).toFixed(0).padStart(6)} KB`);
  for (const pass of PASSES) {
    let bytes = 0;
    let ms = 0;
    for (const [index, input] of rewritten.entries()) {
      const output = join(root, `levels-out-${index}.pdf`);
      const args = [...PACK_FLAGS, ...(await pass.flags(input)), '--', input, output];
      const times: number[] = [];
      for (let run = 0; run < RUNS; run += 1) {
        const start = performance.now();
        await exec('qpdf', args);
        times.push(performance.now() - start);
      }
      ms += times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
      bytes += (await stat(output)).size;
    }
    const kb = `${(bytes / 1024).toFixed(0)} KB`.padStart(9);
    console.log(`  ${pass.name.padEnd(38)} ${kb}  ${ms.toFixed(0).padStart(6)} ms`);
  }
}
