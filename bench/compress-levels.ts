/**
 * The measurement behind compress's lossless pass (engines/qpdf.ts LOSSLESS_COMPRESSION_LEVEL): qpdf's
 * pass over Ghostscript's output (what the converter does) with object streams only, and with Flate
 * recompressed at zlib levels 1, 6 and 9; time (medians) and size summed over the files.
 */
import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { downsamplePdf } from '../packages/server/src/engines/ghostscript';

const exec = promisify(execFile);
const RUNS = 3;

const PASSES: { name: string; flags: string[] }[] = [
  { name: 'object streams only', flags: [] },
  ...[1, 6, 9].map((level) => ({
    name: `Flate recompressed, level ${level}`,
    flags: ['--recompress-flate', `--compression-level=${level}`],
  })),
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
      const args = ['--object-streams=generate', '--compress-streams=y', ...pass.flags, '--', input, output];
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
