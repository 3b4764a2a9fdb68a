/**
 * The studio site as a browser and a crawler see it: route paths answer 200 with index.html, other
 * page paths 404 with the same page (the studio shows 'Oops! Page not found'), /sitemap.xml is a
 * sitemap a strict XML parser reads with every listed route and its priority, /robots.txt points at
 * it, and the studio's HTML carries its Content-Security-Policy.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { siteRoutes, tools } from '@docstudio/core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';
import { PAGE_PRELOADS_FILE } from './page-preloads';

const inlineScript = "document.documentElement.dataset.theme = 'light';";
const indexHtml = `<!doctype html><html><head><title>studio</title>
<script type="application/ld+json">{"@type":"Organization"}</script>
<script>${inlineScript}</script></head><body><div id="root"></div>
<script type="module" src="/assets/main.js"></script></body></html>`;
const inlineHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;
const dataHash = `'sha256-${createHash('sha256').update('{"@type":"Organization"}').digest('base64')}'`;

/** What the studio build lists (scripts/page-preloads.mjs), with one entry a server must not trust. */
const pagePreloads = {
  tool: { modules: ['/assets/ToolPage-a1.js', '/assets/Dialog-b2.js'], styles: ['/assets/ToolPage-c3.css'] },
  workflows: { modules: ['/assets/workflows-d4.js'], styles: [] },
  account: { modules: ['/assets/account.js>; rel=preload, </evil.js'], styles: [] },
};

let staticDir: string;
let server: TestServer;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'docstudio-site-'));
  await writeFile(join(staticDir, 'index.html'), indexHtml);
  await writeFile(join(staticDir, PAGE_PRELOADS_FILE), JSON.stringify(pagePreloads));
  server = await startTestServer({
    converters: pipelineConverters,
    staticDir,
    cspConnectOrigins: ['https://api.docs.example', 'https://sign-in.docs.example'],
  });
});
afterAll(async () => {
  await server?.close();
  await rm(staticDir, { recursive: true, force: true });
});

const get = (path: string, headers: Record<string, string> = { accept: 'text/html' }) =>
  fetch(`${server.baseUrl}${path}`, { headers });

/** The policy's directives by name. */
function directivesOf(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('page paths', () => {
  it('answer 200 with the studio for every route of the route list, ids filled in', async () => {
    for (const route of siteRoutes) {
      const answer = await get(route.path.replace(/:\w+\??/g, 'b9c1e0'));
      expect({ path: route.path, status: answer.status }).toEqual({ path: route.path, status: 200 });
      expect(await answer.text()).toBe(indexHtml);
    }
    for (const path of ['/', '/workflows/edit', '/PDF-Merge/', '/industries/legal?utm_source=x'])
      expect((await get(path)).status).toBe(200);
  });

  it("answer 404 with the studio's page (its 404 view) for paths that are no route", async () => {
    for (const path of ['/no-such-page', '/industries', '/pdf-merge/extra', '/workflows/run/a/b']) {
      const answer = await get(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await answer.text()).toBe(indexHtml);
    }
    // curl and link checkers (*/*) learn the same.
    expect((await get('/no-such-page', { accept: '*/*' })).status).toBe(404);
  });

  it("name their page module's files in a Link header, as the build listed them for the route's kind", async () => {
    const tool = `</assets/ToolPage-a1.js>; rel=modulepreload, </assets/Dialog-b2.js>; rel=modulepreload, </assets/ToolPage-c3.css>; rel=preload; as=style; crossorigin`;
    for (const route of siteRoutes.filter((route) => route.kind === 'tool'))
      expect((await get(route.path)).headers.get('link')).toBe(tool);
    expect((await get('/workflows/edit/b9c1e0')).headers.get('link')).toBe(
      '</assets/workflows-d4.js>; rel=modulepreload',
    );
    // the landing (its module is the first load), kinds the build did not list, no route, and an
    // entry whose path would end the URL and add its own: none
    for (const path of ['/', '/connectors', '/no-such-page', '/account'])
      expect({ path, link: (await get(path)).headers.get('link') }).toEqual({ path, link: null });
  });

  it('keep API and asset misses plain 404s, never the page', async () => {
    const api = await get('/api/no-such-thing', { accept: '*/*' });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { Code: number }).Code).toBeGreaterThan(0);
    const asset = await get('/assets/missing.js', { accept: '*/*' });
    expect(asset.status).toBe(404);
    expect(await asset.text()).not.toContain('<div id="root">');
  });

  it('carry the Content-Security-Policy: own origin, the named API and sign-in origins, hashed inline scripts', async () => {
    for (const path of ['/', '/pdf-merge', '/no-such-page']) {
      const directives = directivesOf((await get(path)).headers.get('content-security-policy'));
      expect(directives.get('default-src')).toEqual(["'self'"]);
      expect(directives.get('connect-src')).toEqual([
        "'self'",
        'https://api.docs.example',
        'https://sign-in.docs.example',
      ]);
      // The one runnable inline script by its hash; the ld+json data block is no script to allow.
      expect(directives.get('script-src')).toEqual(["'self'", inlineHash]);
      expect(directives.get('script-src')).not.toContain(dataHash);
      expect(directives.get('script-src')).not.toContain("'unsafe-inline'");
      expect(directives.get('object-src')).toEqual(["'none'"]);
      expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    }
  });
});

describe('answers', () => {
  it("leave no 'possible EventEmitter memory leak' warning in the log, for pages and files alike", async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      await writeFile(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      for (const path of ['/', '/pdf-to-jpg', '/favicon.svg', '/no-such-page']) {
        const response = await get(path);
        await response.arrayBuffer();
        expect(response.status, path).toBeLessThan(500);
      }
      await new Promise((resolve) => setImmediate(resolve)); // warnings are emitted on the next tick
    } finally {
      process.off('warning', onWarning);
    }
    expect(warnings).toEqual([]);
  });
});

describe('/sitemap.xml', () => {
  const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'url' });

  it('is a sitemap (protocol 0.9) of every listed route with its priority, absolute on the request host', async () => {
    const answer = await get('/sitemap.xml', { accept: '*/*' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await answer.text();
    expect(XMLValidator.validate(xml)).toBe(true);
    const document = parser.parse(xml) as {
      urlset: { '@_xmlns': string; url: Array<{ loc: string; priority: number }> };
    };
    expect(document.urlset['@_xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const priorities = new Map(document.urlset.url.map((url) => [url.loc, url.priority]));
    const listed = siteRoutes.filter((route) => route.listed);
    expect(priorities.size).toBe(listed.length);
    const at = (path: string) => priorities.get(`${server.baseUrl}${path}`);
    expect(at('/')).toBe(1);
    for (const tool of tools) expect(at(tool.route)).toBe(0.9);
    expect(at('/workflows')).toBe(0.8);
    expect(at('/documents')).toBe(0.8);
    expect(at('/workflows/create')).toBe(0.7);
    expect(at('/industries/healthcare')).toBe(0.7);
    expect(at('/vs-smallpdf')).toBe(0.6);
    // Routes that name one user's data are no sitemap entries.
    expect([...priorities.keys()].filter((loc) => /account|edit|run|:id/.test(loc))).toEqual([]);
  });

  it('is based on PUBLIC_URL when the server has one', async () => {
    const publicServer = await startTestServer({
      converters: pipelineConverters,
      staticDir,
      publicUrl: 'https://docs.example?a=1&b=2',
    });
    try {
      const xml = await (await fetch(`${publicServer.baseUrl}/sitemap.xml`)).text();
      expect(XMLValidator.validate(xml)).toBe(true);
      const locs = (parser.parse(xml) as { urlset: { url: Array<{ loc: string }> } }).urlset.url.map(
        (url) => url.loc,
      );
      // The & of the base is escaped in the XML and reads back as written.
      expect(locs).toContain('https://docs.example?a=1&b=2/pdf-ocr');
      const robots = await (await fetch(`${publicServer.baseUrl}/robots.txt`)).text();
      expect(robots).toContain('Sitemap: https://docs.example?a=1&b=2/sitemap.xml');
    } finally {
      await publicServer.close();
    }
  });
});

describe('/robots.txt', () => {
  it('lets crawlers read every page and names the sitemap', async () => {
    const answer = await get('/robots.txt', { accept: '*/*' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await answer.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${server.baseUrl}/sitemap.xml`);
  });
});
