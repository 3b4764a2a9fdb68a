/**
 * Embedding from another origin, as partner sites do: a page on http://127.0.0.1:<partner port> loads
 * the element module from the studio at http://localhost:<studio port> and converts through its API.
 * The studio lists exactly that partner origin in CORS_ORIGINS (playwright.config.ts); a page on an
 * unlisted origin can neither load the module from the studio nor, with a self-hosted copy of the
 * bundle, call the API: the element reports `docstudio-error`.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { expect, type Page, type Request, test } from '@playwright/test';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { corpusFile, repoRoot } from './support/corpus';
import { pdfInfo, pdfPageCount } from './support/inspect';
import { partnerOrigin, partnerPort, strangerPort, studioPort } from './support/ports';

const studio = `http://localhost:${studioPort}`;
const strangerOrigin = `http://127.0.0.1:${strangerPort}`;
const builtElements = join(repoRoot, 'demo', 'dist', 'elements');

interface PageEvents {
  complete: Promise<{ tag: string; files: { fileName: string; url: string }[] }>;
  error: Promise<{ tag: string; name: string; message: string }>;
}

declare global {
  interface Window {
    docstudioEvents: PageEvents;
    studioModuleFailed: Promise<boolean>;
  }
}

/** The element's DOM events as promises the test can await. */
const listeners = `<script>
  window.docstudioEvents = {
    complete: new Promise((resolve) => document.addEventListener('docstudio-complete', (event) =>
      resolve({ tag: event.target.tagName, files: event.detail.files }))),
    error: new Promise((resolve) => document.addEventListener('docstudio-error', (event) =>
      resolve({ tag: event.target.tagName, name: event.detail.error.name, message: event.detail.error.message }))),
  };
</script>`;

const embedPage = (
  moduleSrc: string,
): string => `<!doctype html><html><head><title>Partner intranet</title></head>
<body>
  <h1>Partner intranet</h1>
  ${listeners}
  <docstudio-pdf-rotate api-url="${studio}/api" rotate-page="180"></docstudio-pdf-rotate>
  <script type="module" src="${moduleSrc}"></script>
</body></html>`;

/**
 * A site of its own: `/embed.html` is the given page; with `selfHostedElements` it also serves the
 * built element bundle from its own origin, as a partner who copies the files would.
 */
async function startSite(port: number, html: string, selfHostedElements = false): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/embed.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
      return;
    }
    const file = /^\/elements\/([\w.-]+\.js)$/.exec(path)?.[1];
    if (selfHostedElements && file) {
      readFile(join(builtElements, file)).then(
        (bytes) => {
          response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
          response.end(bytes);
        },
        () => {
          response.writeHead(404).end();
        },
      );
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

const stopSite = (server: Server): Promise<void> =>
  new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** The requests the page sent to the studio's API (preflights are the browser's own, not listed). */
function recordApiRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${studio}/api/`)) requests.push(request);
  });
  return requests;
}

test.describe('a partner page on another origin', () => {
  let site: Server;
  test.beforeAll(async () => {
    site = await startSite(partnerPort, embedPage(`${studio}/elements/docstudio-pdf-rotate.js`));
  });
  test.afterAll(async () => {
    await stopSite(site);
  });

  test('loads <docstudio-pdf-rotate> from the studio, converts and gets a rotated PDF', async ({
    page,
  }, testInfo) => {
    const apiRequests = recordApiRequests(page);
    await page.goto(`${partnerOrigin}/embed.html`);
    expect(await page.evaluate(() => location.origin)).toBe(partnerOrigin);
    expect(partnerOrigin).not.toBe(studio);

    const tool = new PdfRotateModel(page);
    await expect(tool.root).toHaveAttribute('data-state', 'idle');
    await expect(tool.combobox('Angle')).toHaveValue('180');
    await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
    await tool.convert();
    await tool.expectComplete();

    const complete = await page.evaluate(() => window.docstudioEvents.complete);
    expect(complete.tag).toBe('DOCSTUDIO-PDF-ROTATE');
    expect(complete.files).toHaveLength(1);
    expect(complete.files[0]?.url).toMatch(new RegExp(`^${studio}/api/d/`));
    // The conversion really went across origins: the browser sent the partner's Origin to the studio.
    const convertCall = apiRequests.find(
      (request) => request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/convert/'),
    );
    expect((await convertCall?.allHeaders())?.origin).toBe(partnerOrigin);

    const result = await tool.download(testInfo);
    expect(pdfPageCount(result.path)).toBe(pdfPageCount(corpusFile('pdf/crazyones.pdf')));
    expect(pdfInfo(result.path)['Page rot']).toBe('180');
  });
});

test.describe('a page on an origin the studio does not list', () => {
  test('cannot load the element module from the studio', async ({ page }) => {
    const site = await startSite(
      strangerPort,
      `<!doctype html><html><body>
        <script>
          window.studioModuleFailed = new Promise((resolve) => { window.reportModule = resolve; });
        </script>
        <script type="module" src="${studio}/elements/docstudio-pdf-rotate.js"
          onload="reportModule(false)" onerror="reportModule(true)"></script>
      </body></html>`,
    );
    try {
      await page.goto(`${strangerOrigin}/embed.html`);
      expect(await page.evaluate(() => window.studioModuleFailed)).toBe(true);
      expect(await page.evaluate(() => customElements.get('docstudio-pdf-rotate') === undefined)).toBe(true);
    } finally {
      await stopSite(site);
    }
  });

  test('with a self-hosted copy of the bundle, fails to convert and fires docstudio-error', async ({
    page,
  }) => {
    const site = await startSite(strangerPort, embedPage('/elements/docstudio-pdf-rotate.js'), true);
    // Calls to the studio that got an answer the page could read, and those the browser blocked.
    const answered: string[] = [];
    const blocked: string[] = [];
    const callOf = (url: string, method: string) => `${method} ${new URL(url).pathname}`;
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(`${studio}/api/`)) answered.push(callOf(request.url(), request.method()));
    });
    page.on('requestfailed', (request) => {
      if (request.url().startsWith(`${studio}/api/`)) blocked.push(callOf(request.url(), request.method()));
    });
    try {
      await page.goto(`${strangerOrigin}/embed.html`);
      const tool = new PdfRotateModel(page);
      await expect(tool.root).toHaveAttribute('data-state', 'idle');
      await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
      await tool.convert();

      const error = await page.evaluate(() => window.docstudioEvents.error);
      expect(error.tag).toBe('DOCSTUDIO-PDF-ROTATE');
      // The element's first call, minting its anonymous token, is the one the browser blocks.
      expect(error.name).toBe('AuthError');
      expect(error.message).toBe('Unable to authenticate. Please try again.');
      await expect(tool.root).toHaveAttribute('data-state', 'failed');
      await expect(tool.root.locator('[data-part="toast"]')).toContainText(
        'Unable to authenticate. Please try again.',
      );
      // The browser blocked the first API call at the preflight the studio refused (403).
      expect(blocked).toContain('POST /api/functions/generate-jwt');
      expect(answered).toEqual([]);
    } finally {
      await stopSite(site);
    }
  });
});
