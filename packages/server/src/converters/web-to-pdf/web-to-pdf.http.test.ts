import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConvertedFileJson, startTestServer, type TestServer } from '../../testing';

// A page on loopback: private, so refused unless its exact origin is allowed (SSRF_ALLOWED_ORIGINS).
const PAGE = `<!doctype html><html><head><title>Loopback report</title></head>
<body><h1>Quarterly loopback report</h1><p>Rendered by the warm browser.</p></body></html>`;

let site: http.Server;
let origin: string;
let server: TestServer;
let allowingServer: TestServer;
let dir: string;

beforeAll(async () => {
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(PAGE);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `127.0.0.1:${(site.address() as AddressInfo).port}`;
  // Private addresses stay refused in general; only the one origin may be let through, by config.
  server = await startTestServer({ allowPrivateUrls: false });
  allowingServer = await startTestServer({ allowPrivateUrls: false, allowedOrigins: [origin] });
  dir = await mkdtemp(join(tmpdir(), 'web-http-'));
});
afterAll(async () => {
  await server.close();
  await allowingServer.close();
  await new Promise((resolve) => site.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

describe('POST /convert/web/to/pdf', () => {
  it('prints an allowed loopback page; pdftotext reads its heading', async () => {
    const answer = await allowingServer.convert('web/to/pdf', { Url: `http://${origin}/report.html` });
    expect(answer.status).toBe(200);
    const [file] = answer.body.Files ?? [];
    expect(file?.FileName).toBe('127.0.0.1-report.pdf');
    const pdf = await allowingServer.saveResult(file as ConvertedFileJson, dir);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/Pages:\s+1/);
    expect(execFileSync('pdftotext', [pdf, '-']).toString()).toContain('Quarterly loopback report');
  });

  it('refuses the same page with 400 Code 5005 when its origin is not allowed', async () => {
    const answer = await server.convert('web/to/pdf', { Url: `http://${origin}/report.html` });
    expect(answer.status).toBe(400);
    expect(answer.body.Code).toBe(5005);
    expect(answer.body.Message).toMatch(/Invalid URL/i);
  });

  it('refuses a cloud metadata address and a non-http scheme with 400 Code 5005', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'file:///etc/passwd']) {
      const answer = await server.convert('web/to/pdf', { Url: url });
      expect(answer.status, url).toBe(400);
      expect(answer.body.Code, url).toBe(5005);
    }
  });

  it('answers 400 naming Url when it is missing', async () => {
    const answer = await server.convert('web/to/pdf', {});
    expect(answer.status).toBe(400);
    expect(JSON.stringify(answer.body)).toMatch(/Url/);
  });
});
