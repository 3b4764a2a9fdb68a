/**
 * `npm run bench`: runs every bench/*.bench.ts in turn. Each prints its own figures as ratios against
 * a baseline measured side by side in the same run (never timed assertions; benches are not tests).
 * `npm run bench -- merge` runs only the benches whose file name contains 'merge'.
 */
import { readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { goalTable } from './goals';

const here = fileURLToPath(new URL('.', import.meta.url));
const filter = process.argv[2] ?? '';
const files = (await readdir(here))
  .filter((name) => name.endsWith('.bench.ts') && name.includes(filter))
  .sort();

for (const file of files) {
  console.log(`\n=== ${file.replace('.bench.ts', '')} ===`);
  const bench = (await import(new URL(file, import.meta.url).href)) as { default: () => Promise<void> };
  await bench.default();
}
console.log(`\n${files.length} bench file(s) run.\n`);
console.log(goalTable());
