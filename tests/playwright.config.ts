/**
 * End-to-end tests against the whole studio as `npm start` runs it (built demo served by the real
 * server with real engines), in Debian's Chromium. No browser is downloaded.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from './chromium.ts';
import { pagePort, partnerOrigin, studioPort as port } from './e2e/support/ports.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'docstudio-e2e-'));

export default defineConfig({
  testDir: './e2e',
  outputDir: '../test-results',
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
  webServer: {
    command: 'node --import tsx packages/server/src/main.ts',
    cwd: root,
    url: `http://localhost:${port}/api/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      STATIC_DIR: join(root, 'demo/dist'),
      DATA_DIR: dataDir,
      LOG: 'false',
      // Web to PDF fetches a page the test serves on loopback: exactly that origin, nothing else private.
      SSRF_ALLOWED_ORIGINS: `127.0.0.1:${pagePort}`,
      // The cross-origin embedding test's partner site, and only it, may embed elements and call /api.
      CORS_ORIGINS: partnerOrigin,
    },
  },
});
