/**
 * `npm run bench`: runs every bench/*.bench.ts in turn. Each prints its own figures as ratios against
 * a baseline measured side by side in the same run (never timed assertions; benches are not tests).
 * `npm run bench -- merge` runs only the benches whose file name contains 'merge'.
 *
 * Each bench file runs in a process of its own. In one shared process the earlier benches' heap stayed
 * behind, and the collector's work on it took the cores from the bench measuring next: with 320 MB
 * held, the 50-file merge through HTTP read 1.66× qpdf instead of 1.38× (the server is a process of
 * its own, but the client and the collector's threads share the machine with it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { goalTable, readGoals, writeGoals } from './goals';

const here = fileURLToPath(new URL('.', import.meta.url));
const ONE = '--one';

if (process.argv[2] === ONE) {
  // a child: one bench file, its goals handed to the parent through the file it names
  const [file, goalsFile] = process.argv.slice(3) as [string, string];
  const bench = (await import(new URL(file, import.meta.url).href)) as { default: () => Promise<void> };
  await bench.default();
  await writeGoals(goalsFile);
} else {
  const filter = process.argv[2] ?? '';
  const files = (await readdir(here))
    .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
    .sort();
  const scratch = await mkdtemp(join(tmpdir(), 'docstudio-bench-goals-'));
  try {
    const goalFiles: string[] = [];
    for (const file of files) {
      console.log(`\n=== ${file.replace('.bench.ts', '')} ===`);
      const goalsFile = join(scratch, `${file}.json`);
      const child = spawnSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), ONE, file, goalsFile],
        { stdio: 'inherit' },
      );
      if (child.status !== 0) throw new Error(`${file} failed (exit ${child.status ?? child.signal})`);
      goalFiles.push(goalsFile);
    }
    console.log(`\n${files.length} bench file(s) run.\n`);
    console.log(goalTable(await readGoals(goalFiles)));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
