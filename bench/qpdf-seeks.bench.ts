/**
 * qpdf with and without the seek-in-buffer library the server preloads into it
 * (packages/server/src/engines/stdio-seek/seek-in-buffer.c: glibc makes one lseek per fseek, even
 * inside its buffer), runs interleaved, medians of ROUNDS: rotating every page of a 117-page book, a
 * lossless rewrite of it (compress's qpdf pass), and a 50-file merge on jemalloc as the server runs it.
 * The library must be built first (`npm run build -w @docstudio/server`). Prints ratios, never asserts.
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { jemallocLibrary } from '../packages/server/memory.mjs';
import { seekInBufferLibrary } from '../packages/server/src/engines/stdio-seek/seek-in-buffer';
import { CORPUS_DIR } from '../packages/server/src/testing/corpus';
import { median } from './median';

const exec = promisify(execFile);
const ROUNDS = 11;
const BOOK = join(CORPUS_DIR, 'pdf/GeoTopo-komprimiert.pdf');
const MERGED = [
  'pdf/pdflatex-outline.pdf',
  'pdf/tagged.pdf',
  'pdf/multicolumn.pdf',
  'pdf/scotus-transcript-p1.pdf',
];

export default async function qpdfSeeksBench(): Promise<void> {
  const library = seekInBufferLibrary();
  if (!library) {
    console.log('seek-in-buffer.so is not built (npm run build -w @docstudio/server): nothing to compare');
    return;
  }
  const root = await mkdtemp(join(tmpdir(), 'docstudio-bench-seeks-'));
  try {
    const parts: string[] = [];
    for (let index = 0; index < 50; index += 1) {
      parts.push(join(root, `part-${index}.pdf`));
      await copyFile(join(CORPUS_DIR, MERGED[index % MERGED.length] ?? ''), parts[index] ?? '');
    }
    const jemalloc = jemallocLibrary();
    const cases: Array<{ name: string; args: string[]; preload?: string }> = [
      { name: 'rotate 117 pages', args: ['--rotate=+90:1-z', '--', BOOK, join(root, 'out.pdf')] },
      {
        name: 'lossless rewrite, 117 pages',
        args: ['--object-streams=generate', '--recompress-flate', '--', BOOK, join(root, 'out.pdf')],
      },
      {
        name: 'merge 50 files (jemalloc)',
        args: ['--empty', '--pages', ...parts, '--', join(root, 'out.pdf')],
        preload: jemalloc,
      },
    ];
    const timed = async (args: string[], preload: string | undefined): Promise<number> => {
      const started = performance.now();
      await exec('qpdf', args, { env: { ...process.env, LD_PRELOAD: preload ?? '' } });
      return performance.now() - started;
    };
    console.log(`qpdf with and without seek-in-buffer, medians of ${ROUNDS} interleaved runs:`);
    for (const { name, args, preload } of cases) {
      const without: number[] = [];
      const withLibrary: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        without.push(await timed(args, preload));
        withLibrary.push(await timed(args, [library, preload].filter(Boolean).join(' ')));
      }
      const [plain, seeking] = [median(without), median(withLibrary)];
      console.log(
        `  ${name.padEnd(30)} ${plain.toFixed(1).padStart(7)} ms → ${seeking.toFixed(1).padStart(7)} ms  (${(seeking / plain).toFixed(2)}×)`,
      );
    }
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}
