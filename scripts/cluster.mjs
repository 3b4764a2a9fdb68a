/**
 * `npm run cluster`: a local cluster on this machine, for trying scale-out and for the cluster bench:
 * one Redis and one PostgreSQL (each in a temporary folder; PostgreSQL as the postgres user when run
 * as root), two API nodes (ROLE=api) and two workers (ROLE=worker) from the compiled server
 * (packages/server/dist/main.js), sharing DATABASE_URL, STORAGE_KEY and REDIS_URL. Prints the URLs;
 * Ctrl-C stops everything and deletes the temporary folders.
 *
 *   npm run cluster                  # API nodes on 8081, 8082; workers on 8083, 8084
 *   npm run cluster -- --port 9001   # API nodes on 9001, 9002; workers on 9003, 9004
 *
 * Runs through tsx (the npm script says so) to share the tests' own helpers
 * (packages/server/src/testing/local-cluster.ts); the nodes themselves run without it.
 */
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { startLocalCluster } from '../packages/server/src/testing/local-cluster.ts';
import { buildServer, ensureEngines, root } from './setup.mjs';

const { values } = parseArgs({ options: { port: { type: 'string', default: '8081' } } });
const base = Number(values.port);
if (!Number.isInteger(base) || base < 1 || base > 65_531) {
  console.error(`--port must be a port number, got '${values.port}'.`);
  process.exit(1);
}

// npm packages as installed (npm start installs them); Redis and PostgreSQL are engines of the list.
ensureEngines({ required: true });
buildServer();

const staticDir = `${root}/demo/dist`;
console.log('\n> Starting Redis, PostgreSQL, two API nodes and two workers …');
const cluster = await startLocalCluster({
  apiNodes: 2,
  workers: 2,
  ports: [base, base + 1, base + 2, base + 3],
  // The built studio on the API nodes when there is one (npm run build).
  env: existsSync(staticDir) ? { STATIC_DIR: staticDir } : {},
});
const siteOf = (node) => node.apiUrl.replace(/\/api$/, '');
console.log(`
Redis       ${cluster.sharedEnv.REDIS_URL}
PostgreSQL  ${cluster.sharedEnv.DATABASE_URL}
API node 1  ${siteOf(cluster.apis[0])}
API node 2  ${siteOf(cluster.apis[1])}
worker 1    ${siteOf(cluster.workers[0])}/api/healthz
worker 2    ${siteOf(cluster.workers[1])}/api/healthz

Ctrl-C stops the cluster.`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  console.log('\n> Stopping the cluster …');
  await cluster.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop());
// A node that dies on its own is reported; the others keep running.
for (const [name, node] of [
  ['API node 1', cluster.apis[0]],
  ['API node 2', cluster.apis[1]],
  ['worker 1', cluster.workers[0]],
  ['worker 2', cluster.workers[1]],
]) {
  void node.exited.then((code) => {
    if (!stopping) console.error(`${name} exited (${code}).`);
  });
}
