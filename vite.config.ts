/**
 * One config for the demo build and every test project: core and server run in Node, react and
 * elements in real Debian Chromium (Vitest browser mode, Playwright provider).
 */
import { fileURLToPath } from 'node:url';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { playwright } from '@vitest/browser-playwright';
import { configDefaults, defineConfig } from 'vitest/config';
import { PAGE_MODULE_SOURCES } from './demo/src/routing/page-modules.ts';
import { pagePreloadsPlugin } from './scripts/page-preloads.mjs';
import { precompressPlugin } from './scripts/precompress.mjs';
import { chromiumArgs, chromiumPath } from './tests/chromium.ts';

/**
 * Browser projects pre-bundle every dependency up front: on a fresh cache (CI) Vite would otherwise
 * discover some mid-run, reload, and load React twice.
 */
const browserDeps = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react/jsx-dev-runtime',
  'react-router',
  'lucide-react',
  'zustand',
  'zustand/vanilla',
  'react-dropzone',
  '@floating-ui/react',
  'pdfjs-dist',
  'pdfjs-dist/build/pdf.worker.min.mjs',
  '@tanstack/react-virtual',
  '@dnd-kit/core',
  '@dnd-kit/sortable',
  '@dnd-kit/utilities',
  '@r2wc/react-to-web-component',
  'vitest-browser-react',
  'axe-core',
  '@storybook/react-vite',
  'storybook/test',
];

// A fresh object per project: Vitest names the instances in place, so a shared one clashes.
const browser = () => ({
  enabled: true,
  headless: true,
  provider: playwright({ launchOptions: { executablePath: chromiumPath, args: chromiumArgs } }),
  instances: [{ browser: 'chromium' as const }],
});

export default defineConfig({
  root: fileURLToPath(new URL('./demo', import.meta.url)),
  // page preloads: the files of each kind of page, which the server names in its HTML's Link header;
  // precompress: .gz and .br beside each built file, which the server sends as they are.
  plugins: [
    react(),
    vanillaExtractPlugin(),
    pagePreloadsPlugin({
      sources: PAGE_MODULE_SOURCES,
      srcDir: fileURLToPath(new URL('./demo/src', import.meta.url)),
    }),
    precompressPlugin(),
  ],
  // @docstudio/* are their sources here (tsconfig.base.json `paths`); their package.json exports
  // name dist/, the npm build, which the demo and the tests never need.
  resolve: { tsconfigPaths: true },
  optimizeDeps: { include: browserDeps },
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // '/a' alone would also catch '/assets': the sign-in pages are exactly /a and /a/….
    proxy: { '/api': 'http://localhost:8080', '^/a(/|$)': 'http://localhost:8080' },
    // The shared test corpus sits beside the checkout (../shared/corpus, also in CI); browser tests
    // import its documents with `?url`, so Vite may serve it besides the repository itself.
    fs: {
      allow: [
        fileURLToPath(new URL('.', import.meta.url)),
        fileURLToPath(new URL('../shared/corpus', import.meta.url)),
      ],
    },
  },
  test: {
    root: fileURLToPath(new URL('.', import.meta.url)),
    // Two test files at a time, whatever the core count (Vitest's default is one fewer than the cores:
    // one on two cores). Many server files mostly wait (restarts, idle timers, leases, engines), so
    // two side by side take about half the time; each file's processes, ports and folders are its own.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'core', environment: 'node', include: ['packages/core/src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['packages/server/src/**/*.test.ts'],
          // PostgreSQL's own tests need the server-pg project's cluster.
          exclude: [...configDefaults.exclude, 'packages/server/src/storage/postgres/**'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        // The server tests that store something, again on PostgreSQL + Redis (DATABASE_URL: files, keys
        // and records in the database; REDIS_URL: every job through BullMQ to the test server's own
        // workers), one throwaway PostgreSQL cluster and one Redis for the whole run
        // (tests/postgres.setup.ts, tests/redis.setup.ts). Tests of SQLite's or the data folder's own
        // files, and of logic that stores nothing (sign-in pages, throttles), stay in `server` only: CI time.
        test: {
          name: 'server-pg',
          environment: 'node',
          include: [
            'packages/server/src/storage/postgres/**/*.test.ts',
            'packages/server/src/auth/revocation.test.ts',
            'packages/server/src/storage/{file-store-batch,database-backend}.test.ts',
            'packages/server/src/http/{account,files,download-links,upload-forms,upload-limit,convert,convert-forms,convert-cancel}.test.ts',
            'packages/server/src/http/workflow{s,-runs,-secrets,-callbacks}.test.ts',
            'packages/server/src/jobs/workflow-run-leases.test.ts',
          ],
          globalSetup: ['tests/postgres.setup.ts', 'tests/redis.setup.ts'],
          setupFiles: ['tests/postgres-env.setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'react',
          include: ['packages/react/src/**/*.test.tsx'],
          browser: browser(),
          // A story may wait up to 20 s for pdf.js on a loaded machine (CI runs the server suites beside
          // it); browser mode's default 15 s ceiling would end the test before its own wait does.
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'elements',
          include: ['packages/elements/src/**/*.test.ts?(x)'],
          browser: browser(),
          // A real server for the workflow elements (tests/studio-server.setup.ts).
          globalSetup: ['tests/studio-server.setup.ts'],
          // as react's: a server test file may run beside
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'demo',
          include: ['demo/src/**/*.test.tsx'],
          // The studio at a desktop width unless a test picks a phone or tablet (page.viewport):
          // below 768 px the header's links sit behind its Menu button.
          browser: { ...browser(), viewport: { width: 1280, height: 800 } },
          // A real server for the signed-in workflow pages (tests/studio-server.setup.ts).
          globalSetup: ['tests/studio-server.setup.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        // Across packages, in Node (the server's converters cannot load in a browser): every catalogue
        // tool has its converter, component, element entry and page route.
        test: { name: 'registration', environment: 'node', include: ['tests/registration/**/*.test.ts?(x)'] },
      },
      {
        extends: true,
        // The repository's own checks (the dependency check of `npm test`), in Node.
        test: {
          name: 'scripts',
          environment: 'node',
          include: ['scripts/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
