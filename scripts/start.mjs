/**
 * `npm start`: set up what is missing, build, and run the whole studio (server + demo) on
 * http://localhost:8080 (PORT overrides) with the embedded defaults: SQLite, the local encrypted
 * file store and the in-process queue, all under .data/.
 */
import { spawn } from 'node:child_process';
import { build, ensureEngines, ensureNodeModules, root } from './setup.mjs';

ensureNodeModules();
ensureEngines({ required: false });
build();

const port = process.env.PORT ?? '8080';
console.log(`\n> Starting docstudio on http://localhost:${port}`);
const server = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    STATIC_DIR: process.env.STATIC_DIR ?? `${root}/demo/dist`,
    DATA_DIR: process.env.DATA_DIR ?? `${root}/.data`,
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
