import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutdownChromium } from '../../engines/chromium';
import { answerTo } from '../../testing/error-answers';
import type { ConverterContext } from '../converter.types';
import type { SentParameters } from '../tool-parameters';
import { createWebToPdfConverter } from './index';

let workDir: string;
/** Loopback server that must never be reached: it records every request and tunnel attempt. */
let trap: http.Server;
let trapPort: number;
const trapHits: string[] = [];
/** The one allowed test origin: its pages embed and redirect to the trap. */
let site: http.Server;
let sitePort: number;
const siteHits: string[] = [];

const pages = (t: string): Record<string, [string, string]> => ({
  '/page.html': ['text/html', '<h1>Loopback test page</h1><p>Served by the test.</p>'],
  '/embeds.html': [
    'text/html',
    `<h1>Embedding page</h1>
     <img src="${t}/img.png"><img src="http://[::1]:${t.split(':').pop()}/v6.png">
     <iframe src="file:///etc/passwd"></iframe><iframe src="${t}/frame"></iframe>
     <iframe src="http://2130706433:${t.split(':').pop()}/decimal"></iframe>
     <iframe src="http://localhost:${t.split(':').pop()}/name"></iframe>
     <img src="/redirect-img">
     <script>
       fetch('${t}/fetch').catch(() => {});
       fetch('${t.replace('http:', 'https:')}/tls').catch(() => {});
       try { const ws = new WebSocket('${t.replace('http:', 'ws:')}/ws'); ws.onerror = () => {}; } catch (e) {}
       try { new Worker('/worker.js'); } catch (e) {}
       navigator.serviceWorker && navigator.serviceWorker.register('/sw.js').catch(() => {});
       document.body.insertAdjacentHTML('beforeend', '<p>Script ran</p>');
     </script>`,
  ],
  // Loads fine, then a script takes the page to a refused address (plain HTTP, then HTTPS tunnel).
  '/leaves.html': [
    'text/html',
    `<h1>Leaving page</h1><script>setTimeout(() => { location.href = '${t}/later'; }, 50);</script>`,
  ],
  '/leaves-tls.html': [
    'text/html',
    `<h1>Leaving page</h1><script>setTimeout(() => { location.href = '${t.replace('http:', 'https:')}/later'; }, 50);</script>`,
  ],
  '/worker.js': ['text/javascript', `fetch('${t}/worker').catch(() => {});`],
  '/sw.js': ['text/javascript', `fetch('${t}/sw').catch(() => {});`],
});

beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'web-to-pdf-'));
  trap = http.createServer((req, res) => {
    trapHits.push(req.url ?? '');
    res.end('root:x:0:0 trap');
  });
  trap.on('connect', (req, socket) => {
    trapHits.push(`CONNECT ${req.url}`);
    socket.destroy();
  });
  trap.on('upgrade', (req, socket) => {
    trapHits.push(`UPGRADE ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
  const trapOrigin = `http://127.0.0.1:${trapPort}`;
  site = http.createServer((req, res) => {
    siteHits.push(req.url ?? '');
    if (req.url === '/redirect' || req.url === '/redirect-img') {
      res.writeHead(302, { location: `${trapOrigin}/redirected` }).end();
      return;
    }
    if (req.url === '/slow.html') return; // never answers
    const page = pages(trapOrigin)[req.url ?? ''];
    if (!page) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': page[0] }).end(page[1]);
  });
  await new Promise<void>((r) => site.listen(0, '127.0.0.1', r));
  sitePort = (site.address() as AddressInfo).port;
});

afterAll(async () => {
  await shutdownChromium();
  site.closeAllConnections();
  await new Promise((r) => trap.close(r));
  await new Promise((r) => site.close(r));
  await rm(workDir, { recursive: true, force: true });
});

const ctxFor = (url: string, timeoutMs = 60_000): ConverterContext<SentParameters> => ({
  files: [],
  url,
  params: {},
  workDir,
  signal: new AbortController().signal,
  deadlineAt: Date.now() + timeoutMs,
});
const allowSite = () => createWebToPdfConverter({ allowedOrigins: [`127.0.0.1:${sitePort}`] });
const text = (pdf: string): string => execFileSync('pdftotext', [pdf, '-']).toString('utf8');

describe('web/to/pdf', () => {
  it('prints a loopback test page when its origin is allowed', async () => {
    const [result] = await allowSite().convert(ctxFor(`http://127.0.0.1:${sitePort}/page.html`));
    expect(result?.fileName).toBe(`127.0.0.1-page.pdf`);
    expect(text(result?.path ?? '')).toContain('Loopback test page');
    expect(execFileSync('pdfinfo', [result?.path ?? '']).toString()).toMatch(
      /Page size:\s+595\.\d+ x 842\.\d+ pts \(A4\)/,
    );
  });

  it('refuses the same page without the allow setting (400, Code 5005)', async () => {
    const before = siteHits.length;
    const error = await createWebToPdfConverter({})
      .convert(ctxFor(`http://127.0.0.1:${sitePort}/page.html`))
      .catch((e: unknown) => e);
    expect(answerTo(error)).toMatchObject({ status: 400, code: 5005 });
    expect((error as Error).message).toMatch(/loopback/);
    expect(siteHits.length).toBe(before);
  });

  it('an allowed page whose subrequests target loopback, file: and other ports: all fail inside the page', async () => {
    const [result] = await allowSite().convert(ctxFor(`http://127.0.0.1:${sitePort}/embeds.html`));
    const content = text(result?.path ?? '');
    expect(content).toContain('Embedding page');
    expect(content).toContain('Script ran');
    expect(content).not.toContain('root:x:0:0');
    expect(siteHits).toContain('/worker.js'); // the worker was allowed to start from the allowed origin ...
    expect(siteHits).not.toContain('/sw.js'); // ... service workers are blocked outright
    await new Promise((r) => setTimeout(r, 300));
    expect(trapHits).toEqual([]); // ... and nothing reached the other loopback port
  });

  it('re-checks a redirect from the allowed page to loopback (422, Code 5007)', async () => {
    const error = await allowSite()
      .convert(ctxFor(`http://127.0.0.1:${sitePort}/redirect`))
      .catch((e: unknown) => e);
    expect(answerTo(error)).toMatchObject({ status: 422, code: 5007 });
    expect((error as Error).message).toMatch(/^Remote download failed: .*not allowed/);
    expect(trapHits).toEqual([]);
  });

  it.each(['/leaves.html', '/leaves-tls.html'])(
    'a page that navigates itself to a refused address (%s) is 422 Code 5007, not a PDF of an error page',
    async (path) => {
      const error = await allowSite()
        .convert(ctxFor(`http://127.0.0.1:${sitePort}${path}`))
        .catch((e: unknown) => e);
      expect(answerTo(error)).toMatchObject({ status: 422, code: 5007 });
      expect((error as Error).message).toMatch(/^Remote download failed: /);
      expect(trapHits).toEqual([]);
    },
  );

  it('a page the site answers with HTTP 404 is 422 Code 5007 naming the status', async () => {
    const error = await allowSite()
      .convert(ctxFor(`http://127.0.0.1:${sitePort}/missing.html`))
      .catch((e: unknown) => e);
    expect(answerTo(error)).toMatchObject({ status: 422, code: 5007 });
    expect((error as Error).message).toBe('Remote download failed: the server answered HTTP 404.');
  });

  it.each([
    `http://127.0.0.1:{p}/`,
    `http://2130706433:{p}/`,
    `http://[::ffff:127.0.0.1]:{p}/`,
    `HTTP://LOCALHOST:{p}/`,
    'file:///etc/passwd',
    'chrome://version',
  ])('refuses the first URL %s', async (template) => {
    const error = await createWebToPdfConverter({})
      .convert(ctxFor(template.replace('{p}', String(trapPort))))
      .catch((e: unknown) => e);
    expect(answerTo(error)).toMatchObject({ status: 400, code: 5005 });
    expect(trapHits).toEqual([]);
  });

  it('answers 400 with the spec words for an empty or unparseable URL', async () => {
    await expect(allowSite().convert(ctxFor(' '))).rejects.toMatchObject({
      code: 4000,
      invalidParameters: { Url: [expect.stringMatching(/URL required/)] },
    });
    await expect(allowSite().convert(ctxFor('not a url'))).rejects.toMatchObject({
      code: 4000,
      invalidParameters: { Url: [expect.stringMatching(/Invalid URL/)] },
    });
  });

  it('a page that never answers ends in a 504', async () => {
    const error = await allowSite()
      .convert(ctxFor(`http://127.0.0.1:${sitePort}/slow.html`, 3000))
      .catch((e: unknown) => e);
    expect(answerTo(error)).toMatchObject({ status: 504, code: 5000 });
  });
});
