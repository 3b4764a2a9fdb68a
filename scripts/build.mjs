/**
 * `npm run build`: the studio (demo/dist), then the served custom elements (self-contained scripts,
 * packages/elements/dist/standalone), then the elements copied into the studio at /elements/, so the
 * running server hands partners the same modules it tests
 * (`<script type="module" src="https://studio/elements/docstudio-pdf-merge.js">`). Both build from
 * the packages' sources; the npm builds of the packages (`npm run build -w @docstudio/core` …,
 * run by `npm pack`) are not needed here.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { precompressFolder } from './precompress.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit' });

run('npx', ['vite', 'build']);
run('npm', ['run', 'build:standalone', '--workspace', '@docstudio/elements']);

const from = `${root}packages/elements/dist/standalone`;
const to = `${root}demo/dist/elements`;
if (!existsSync(`${from}/all.js`)) throw new Error(`The elements build left no ${from}/all.js.`);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
// The studio's own files were compressed by its Vite build; the elements arrive after it.
await precompressFolder(to);
console.log(`Copied the custom elements to ${to}`);
