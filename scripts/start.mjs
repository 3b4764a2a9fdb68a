/**
 * `npm start`: set up what is missing, build, and run the whole studio (the compiled server serving
 * the built demo) on http://localhost:8080 (PORT overrides) with the embedded defaults: SQLite, the
 * local encrypted file store and the in-process queue, all under .data/.
 */
import { spawn } from 'node:child_process';
import { serverMemoryEnv } from '../packages/server/memory.mjs';
import { build, buildServer, ensureEngines, ensureNodeModules, root } from './setup.mjs';

ensureNodeModules();
ensureEngines({ required: false });
build();
buildServer();

const port = process.env.PORT ?? '8080';
console.log(`\n> Starting docstudio on http://localhost:${port}`);
// Source maps: stack traces in the log name the TypeScript files and lines. Memory: jemalloc
// when Debian's libjemalloc2 is there, else glibc with two arenas, and 4 MB semi-spaces (why:
// packages/server/memory.mjs).
const server = spawn(process.execPath, ['--enable-source-maps', 'packages/server/dist/main.js'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    ...serverMemoryEnv(),
    PORT: port,
    STATIC_DIR: process.env.STATIC_DIR ?? `${root}/demo/dist`,
    DATA_DIR: process.env.DATA_DIR ?? `${root}/.data`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
