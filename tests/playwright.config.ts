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

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 8181);
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
    env: { PORT: String(port), STATIC_DIR: join(root, 'demo/dist'), DATA_DIR: dataDir },
  },
});
