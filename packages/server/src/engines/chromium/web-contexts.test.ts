/**
 * web/to/pdf on prepared contexts sharing one filtering proxy: each job's requests are checked against
 * that job's policy only. Two loopback sites, each allowed for its own job, embed each other; neither
 * may see a request from the other's job, one after the other (the second job takes a context prepared
 * during the first) or at the same time.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderUrlToPdf, shutdownChromium } from '.';

const work = await mkdtemp(join(tmpdir(), 'chromium-web-contexts-'));

interface Site {
  server: http.Server;
  origin: string;
  hostPort: string;
  hits: string[];
}
const sites: Record<'a' | 'b', Site> = {} as Record<'a' | 'b', Site>;

async function startSite(name: string, other: () => string): Promise<Site> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/page.html') {
      const o = other();
      res.writeHead(200, { 'content-type': 'text/html' }).end(
        `<h1>Site ${name} page</h1><img src="${o}/leak.png"><iframe src="${o}/leak-frame"></iframe>
         <script>fetch('${o}/leak-fetch').catch(() => {});</script>`,
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/plain' }).end('leaked');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return { server, origin: `http://127.0.0.1:${port}`, hostPort: `127.0.0.1:${port}`, hits };
}

beforeAll(async () => {
  sites.a = await startSite('A', () => sites.b.origin);
  sites.b = await startSite('B', () => sites.a.origin);
});

afterAll(async () => {
  await shutdownChromium();
  for (const site of Object.values(sites)) {
    site.server.closeAllConnections();
    await new Promise((r) => site.server.close(r));
  }
  await rm(work, { recursive: true, force: true });
});

async function printSite(key: 'a' | 'b', name: string): Promise<string> {
  const site = sites[key];
  const outPath = join(work, `${name}.pdf`);
  await renderUrlToPdf(
    `${site.origin}/page.html`,
    { allowedOrigins: [site.hostPort] },
    { outPath, timeoutMs: 60_000, signal: new AbortController().signal },
  );
  return execFileSync('pdftotext', [outPath, '-'], { encoding: 'utf8' });
}

const leaks = (site: Site): string[] => site.hits.filter((hit) => hit.startsWith('/leak'));

describe('web/to/pdf jobs sharing the browser proxy', () => {
  it('checks each job against its own policy, one after the other', async () => {
    expect(await printSite('a', 'a-1')).toContain('Site A page');
    expect(await printSite('b', 'b-1')).toContain('Site B page');
    expect(await printSite('a', 'a-2')).toContain('Site A page');
    expect(sites.a.hits.filter((hit) => hit === '/page.html')).toHaveLength(2);
    expect(leaks(sites.a)).toEqual([]);
    expect(leaks(sites.b)).toEqual([]);
  });

  it('checks each job against its own policy when they run at the same time', async () => {
    const [a, b] = await Promise.all([printSite('a', 'a-3'), printSite('b', 'b-2')]);
    expect(a).toContain('Site A page');
    expect(b).toContain('Site B page');
    expect(leaks(sites.a)).toEqual([]);
    expect(leaks(sites.b)).toEqual([]);
  });
});
