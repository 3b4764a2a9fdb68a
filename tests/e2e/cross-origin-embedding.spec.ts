/**
 * Embedding from another origin, as partner sites do: a page on http://127.0.0.1:<partner port> loads
 * the element module from the studio at http://localhost:<studio port> and converts through its API.
 * The studio lists exactly that partner origin in CORS_ORIGINS (playwright.config.ts). A page on an
 * unlisted origin loads the element too (the element files are public code, `*`), but its API calls
 * are refused: the element says so in words, naming CORS_ORIGINS, and reports `docstudio-error`.
 */
import { createServer, type Server } from 'node:http';
import { expect, type Page, type Request, test } from '@playwright/test';
import { PdfRotateModel } from './models/pdf-rotate.model';
import { consoleMessages } from './support/console-messages';
import { corpusFile } from './support/corpus';
import { pdfInfo, pdfPageCount } from './support/inspect';
import { recordLogMarker } from './support/log-markers';
import { partnerOrigin, partnerPort, strangerPort, studioPort } from './support/ports';

const studio = `http://localhost:${studioPort}`;
const strangerOrigin = `http://127.0.0.1:${strangerPort}`;
const elementModule = `${studio}/elements/docstudio-pdf-rotate.js`;

interface PageEvents {
  complete: Promise<{ tag: string; files: { fileName: string; url: string }[] }>;
  error: Promise<{ tag: string; name: string; message: string }>;
}

declare global {
  interface Window {
    docstudioEvents: PageEvents;
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

/** A site of its own: `/embed.html` is the given page. */
async function startSite(port: number, html: string): Promise<Server> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (path === '/embed.html') {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(html);
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
    site = await startSite(partnerPort, embedPage(elementModule));
  });
  test.afterAll(async () => {
    await stopSite(site);
  });

  test('loads <docstudio-pdf-rotate> from the studio, converts and gets a rotated PDF', async ({
    page,
  }, testInfo) => {
    const apiRequests = recordApiRequests(page);
    const fakeWorkers = consoleMessages(page, /fake worker/i);
    await page.goto(`${partnerOrigin}/embed.html`);
    expect(await page.evaluate(() => location.origin)).toBe(partnerOrigin);
    expect(partnerOrigin).not.toBe(studio);

    const tool = new PdfRotateModel(page);
    await expect(tool.root).toHaveAttribute('data-state', 'idle');
    await expect(tool.combobox('Angle')).toHaveValue('180');
    await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
    // The page picture draws here too, in a worker: browsers start no worker from another origin, so
    // the element starts one from a blob: module of the partner's origin that imports the studio's
    // worker file, not pdf.js's stand-in on the partner page's own thread ("fake worker").
    await expect(tool.root.locator('[data-page="1"] [data-part="page-image"]')).toHaveAttribute(
      'data-state',
      'ready',
      { timeout: 20_000 },
    );
    expect(page.workers().map((worker) => new URL(worker.url()).protocol)).toContain('blob:');
    expect(fakeWorkers).toEqual([]);
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
    const convertHeaders = await convertCall?.allHeaders();
    expect(convertHeaders?.origin).toBe(partnerOrigin);
    // The element's anonymous token and the document went to the studio: its log must show neither.
    recordLogMarker('token', (convertHeaders?.authorization ?? '').replace(/^Bearer /, ''));
    recordLogMarker('document text', 'The misfits. The rebels.');

    const result = await tool.download(testInfo);
    expect(pdfPageCount(result.path)).toBe(pdfPageCount(corpusFile('pdf/crazyones.pdf')));
    expect(pdfInfo(result.path)['Page rot']).toBe('180');
  });
});

test.describe('a page on an origin the studio does not list', () => {
  test('loads the element from the studio, and converting says CORS_ORIGINS must list its origin', async ({
    page,
  }) => {
    const site = await startSite(strangerPort, embedPage(elementModule));
    // Calls to the studio that got an answer the page could read, and those the browser blocked.
    const answered: string[] = [];
    const blocked: string[] = [];
    const callOf = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(`${studio}/api/`)) answered.push(callOf(request));
    });
    page.on('requestfailed', (request) => {
      if (request.url().startsWith(`${studio}/api/`)) blocked.push(callOf(request));
    });
    try {
      const moduleAnswer = page.waitForResponse(elementModule);
      await page.goto(`${strangerOrigin}/embed.html`);
      // The element is public code: the studio gives it to any origin.
      expect((await moduleAnswer).headers()['access-control-allow-origin']).toBe('*');
      const tool = new PdfRotateModel(page);
      await expect(tool.root).toHaveAttribute('data-state', 'idle');
      await tool.chooseFiles(corpusFile('pdf/crazyones.pdf'));
      await tool.convert();

      const refusal = `The origin ${strangerOrigin} may not use this server from its pages. The server's CORS_ORIGINS must list it.`;
      const error = await page.evaluate(() => window.docstudioEvents.error);
      expect(error).toEqual({ tag: 'DOCSTUDIO-PDF-ROTATE', name: 'ConversionError', message: refusal });
      await expect(tool.root).toHaveAttribute('data-state', 'failed');
      await expect(tool.root.locator('[data-part="toast"]')).toContainText(refusal);
      // The browser blocked the element's first call (minting its token) at the preflight the studio
      // refused; the element then asked with a simple GET, whose 403 this origin may read.
      expect(blocked).toEqual(['POST /api/functions/generate-jwt']);
      expect(answered).toEqual(['GET /api/functions/generate-jwt']);
    } finally {
      await stopSite(site);
    }
  });
});
