/**
 * The set-up both README commands share, with no dependency but Node itself (it runs before
 * node_modules exists): install npm packages when missing or stale, install the Debian engines when
 * missing, and build. Each step says what it does; a failing step stops with its exit code.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

export function runOrExit(label, command, args, options = {}) {
  console.log(`\n> ${label}`);
  const status = run(command, args, options);
  if (status !== 0) {
    console.error(`\n${label} failed (exit ${status}).`);
    process.exit(status);
  }
}

/**
 * `npm ci` when node_modules is missing or was installed from another package-lock.json: in the
 * repository, or in a tool folder with its own lock file (scripts/dependency-check).
 */
export function ensureNodeModules(folder = root) {
  const lockHash = createHash('sha256')
    .update(readFileSync(`${folder}/package-lock.json`))
    .digest('hex');
  const stamp = `${folder}/node_modules/.docstudio-lock-sha256`;
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lockHash) return;
  const where = folder === root ? '' : ` in ${folder.slice(root.length)}`;
  runOrExit(`Installing npm packages (npm ci)${where}`, 'npm', ['ci', '--no-audit', '--no-fund'], {
    cwd: folder,
  });
  writeFileSync(stamp, lockHash);
}

function missingEnginePackages() {
  const list = spawnSync('bash', ['scripts/install-engines.sh', '--list'], { cwd: root, encoding: 'utf8' });
  const packages = list.stdout.split('\n').filter(Boolean);
  // dpkg-query's own format placeholders, not a template literal.
  const format = ['-f=$', '{Package} $', '{db:Status-Abbrev}\\n'].join('');
  const query = spawnSync('dpkg-query', ['-W', format, ...packages], {
    cwd: root,
    encoding: 'utf8',
  });
  if (query.error) return packages; // not Debian: everything counts as missing
  const installed = new Set(
    query.stdout
      .split('\n')
      .filter((line) => /\sii\s*$/.test(line))
      .map((line) => line.split(' ')[0]),
  );
  return packages.filter((name) => !installed.has(name));
}

/**
 * Installs missing engines as root. Otherwise prints the one apt-get command; with `required`
 * (npm test, CI) that is a failure, since an engine test that cannot run must not pass.
 */
export function ensureEngines({ required }) {
  const missing = missingEnginePackages();
  if (missing.length === 0) return;
  if (process.getuid?.() === 0) {
    runOrExit(`Installing ${missing.length} engine package(s) from Debian`, 'bash', [
      'scripts/install-engines.sh',
    ]);
    return;
  }
  const print = spawnSync('bash', ['scripts/install-engines.sh', '--print'], { cwd: root, encoding: 'utf8' });
  console.error(
    `\nMissing engine packages: ${missing.join(' ')}\nRun as root:\n  sudo ${print.stdout.trim()}\n`,
  );
  if (required) process.exit(1);
  console.error('Starting anyway: tools whose engine is missing will answer 500 until it is installed.\n');
}

export function build() {
  runOrExit('Building the demo and the custom elements', 'npm', ['run', 'build']);
}

/**
 * Compiles the server to packages/server/dist (esbuild, under a second), every time: no stale build
 * can be served, and nothing at run time needs a TypeScript loader.
 */
export function buildServer() {
  runOrExit('Compiling the server', 'npm', ['run', 'build', '--workspace', '@docstudio/server']);
}
