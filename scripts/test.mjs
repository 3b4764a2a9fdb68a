/**
 * `npm test`: the same set-up as `npm start` (engines are mandatory here: a test that cannot run is a
 * failure), then every check in turn: lint and format, type-check, the dependency check (the import
 * rules of .dependency-cruiser.cjs), unit + component + server tests (Vitest, real engines and real
 * Chromium), the Storybook build, and the end-to-end tests.
 */
import { build, buildServer, ensureEngines, ensureNodeModules, runOrExit } from './setup.mjs';

ensureNodeModules();
ensureEngines({ required: true });
build();
// as npm start runs it: the server's tests use what only its build makes (qpdf's seek-in-buffer.so)
buildServer();

runOrExit('Lint and format (Biome)', 'npx', ['biome', 'ci', '.']);
// Every project of the solution tsconfig.json, each package against only the packages it references.
runOrExit('Type-check (tsc -b, strict)', 'npx', ['tsc', '-b']);
runOrExit('Dependency check (package arrows, server layers, no import circles)', 'node', [
  'scripts/dependency-check/check.mjs',
]);
runOrExit('Unit, component and server tests (Vitest)', 'npx', ['vitest', 'run']);
runOrExit('Storybook build', 'npx', ['storybook', 'build', '-o', 'storybook-static', '--quiet']);
runOrExit('End-to-end tests (Playwright, Debian Chromium)', 'npx', [
  'playwright',
  'test',
  '-c',
  'tests/playwright.config.ts',
]);
console.log('\nAll checks passed.');
