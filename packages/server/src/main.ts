#!/usr/bin/env node
/**
 * Runs the server from the environment. Compiled, it is the `docstudio-server` bin (dist/main.js, see
 * build.mjs); from source, `node --import tsx packages/server/src/main.ts`.
 */
import { setFlagsFromString } from 'node:v8';
import { HEAP_GROWING_PERCENT } from '../memory.mjs';
import { createServer } from './app';
import { loadConfigFromEnv } from './config';
import { probeEngineVersions } from './engines/engine-versions';
import { collectGarbageWhenIdle, IDLE_BEFORE_COLLECTION_MS } from './engines/idle-collection';
import { warmLibreOffice } from './engines/libreoffice';
import { exitGracefullyOnSignals } from './jobs/graceful-shutdown';

const config = loadConfigFromEnv();
// Room in the old generation for the buffers a job allocates (packages/server/memory.mjs). V8 reads
// the option each time it sets a limit, so setting it here, once modules are loaded, is in time.
setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
// This process is the server's own: its main thread collects its garbage once its requests and jobs
// have ended, instead of keeping it until V8's memory reducer comes by (engines/idle-collection.ts).
collectGarbageWhenIdle(IDLE_BEFORE_COLLECTION_MS.mainThread);
const app = await createServer(config);
await app.listen({ port: config.port, host: config.host });
// The bound port, not the configured one: PORT=0 picks a free port (tests read this line).
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
console.log(
  `docstudio server listening on http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`,
);

exitGracefullyOnSignals(app, config.shutdownGraceSeconds);

// LibreOffice's instances start now, after the server is ready, not on the first Office job (about
// 2 s cold); an API node of a cluster runs no engines.
if (config.role !== 'api') void warmLibreOffice();
// healthz reports the engines' versions: probed now, so the first health check does not wait for them
probeEngineVersions();
