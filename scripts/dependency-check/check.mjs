/**
 * The dependency check of `npm test`: dependency-cruiser applies the rules of .dependency-cruiser.cjs
 * (package arrows, the server's layer order, no import circles) to every import of the repository, or
 * of the folder given as the first argument (laid out like the repository: the check's own test runs it
 * on a small tree with a wrong import). Exits non-zero and names each violation when one is found.
 *
 * dependency-cruiser parses TypeScript through TypeScript's JavaScript API, which TypeScript 7 (the
 * repository's compiler) no longer ships, so it is installed here with TypeScript 6 from its own lock
 * file rather than in the workspace.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureNodeModules, root, run } from '../setup.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const target = resolve(process.argv[2] ?? root);

/** What the check reads: the packages and everything around them that imports them. */
const ENTRIES = ['packages', 'demo', '.storybook', 'tests', 'bench', 'scripts', 'vite.config.ts'];

ensureNodeModules(here);
const entries = ENTRIES.filter((entry) => existsSync(resolve(target, entry)));
const status = run(
  resolve(here, 'node_modules/.bin/depcruise'),
  ['--config', resolve(root, '.dependency-cruiser.cjs'), '--output-type', 'err-long', ...entries],
  { cwd: target },
);
process.exit(status);
