/**
 * End-to-end tests against the whole studio as `npm start` runs it (built demo served by the real
 * server with real engines), in Debian's Chromium. No browser is downloaded.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { serverMemoryEnv } from '../packages/server/memory.mjs';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { RESULTS_DIR, SERVER_LOG } from './e2e/support/log-markers.ts';
import { pagePort, partnerOrigin, studioPort as port } from './e2e/support/ports.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'docstudio-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: RESULTS_DIR,
  timeout: 120_000,
  retries: 0,
  workers: 1,
  forbidOnly: true,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  // After the run: the server's log holds none of the tokens, file names and texts the tests sent.
  globalTeardown: './e2e/log-check.teardown.ts',
  webServer: {
    // The server's own log (JSON lines) into a file the teardown reads; test-results/ is emptied
    // before the server starts.
    command: `mkdir -p '${RESULTS_DIR}' && exec node --import tsx packages/server/src/main.ts > '${SERVER_LOG}' 2>&1`,
    cwd: root,
    url: `http://localhost:${port}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      // the memory settings npm start gives the server (allocator, main-thread semi-space)
      ...serverMemoryEnv(),
      PORT: String(port),
      // E2E_STATIC_DIR: a demo built elsewhere (`vite build -c vite.config.ts --outDir …`).
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? join(root, 'demo/dist'),
      DATA_DIR: dataDir,
      LOG: 'true',
      // Web to PDF fetches a page the test serves on loopback: exactly that origin, nothing else private.
      SSRF_ALLOWED_ORIGINS: `127.0.0.1:${pagePort}`,
      // The cross-origin embedding test's partner site, and only it, may embed elements and call /api.
      CORS_ORIGINS: partnerOrigin,
    },
  },
});
