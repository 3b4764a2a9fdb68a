/** healthz, readyz, metrics, the OpenAPI document, JSON 404s, and the studio served with SPA fallback. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;
let site: string;

beforeAll(async () => {
  site = await mkdtemp(join(tmpdir(), 'studio-dist-'));
  await mkdir(join(site, 'assets'));
  await writeFile(join(site, 'index.html'), '<!doctype html><title>docstudio</title><div id="root"></div>');
  await writeFile(join(site, 'assets', 'app.js'), 'console.log("studio")');
  server = await startTestServer({ converters: pipelineConverters, staticDir: site });
});
afterAll(async () => {
  await server.close();
  await rm(site, { recursive: true, force: true });
});

describe('operations', () => {
  it('healthz lists every engine with its version', async () => {
    const response = await fetch(`${server.apiUrl}/healthz`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      status: string;
      engines: Record<string, { found: boolean; version: string }>;
    };
    expect(Object.keys(body.engines).sort()).toEqual([
      'chromium',
      'gs',
      'ocrmypdf',
      'pdftotext',
      'qpdf',
      'soffice',
      'tesseract',
    ]);
    for (const [name, engine] of Object.entries(body.engines)) {
      expect(engine.found, name).toBe(true);
      expect(engine.version, name).toMatch(/^\d+\.\d+/);
    }
    expect(body.status).toBe('ok');
    expect((await fetch(`${server.apiUrl}/readyz`)).status).toBe(200);
  });

  it('metrics count requests and conversion durations per converter', async () => {
    const answer = await server.convert('test/to/linearize', {}, [`${CORPUS_DIR}/pdf/crazyones.pdf`]);
    expect(answer.status).toBe(200);
    const response = await fetch(`${server.apiUrl}/metrics`);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await response.text();
    expect(text).toMatch(
      /docstudio_http_requests_total\{method="POST",route="\/api\/convert\/\*",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/docstudio_conversion_duration_seconds_count\{converter="test\/to\/linearize"\} 1/);
    expect(text).toMatch(
      /docstudio_conversions_total\{converter="test\/to\/linearize",outcome="success"\} 1/,
    );
    expect(text).toContain('docstudio_queue_jobs{state="waiting"} 0');
  });

  it('openapi.json describes every converter of the table', async () => {
    const document = (await (await fetch(`${server.apiUrl}/openapi.json`)).json()) as {
      openapi: string;
      paths: Record<
        string,
        { post?: { requestBody: { content: Record<string, { schema: { required: string[] } }> } } }
      >;
    };
    expect(document.openapi).toBe('3.1.0');
    for (const converter of pipelineConverters)
      expect(document.paths[`/convert/${converter.endpoint}`]).toBeDefined();
    expect(
      document.paths['/convert/test/to/merge']?.post?.requestBody.content['multipart/form-data']?.schema
        .required,
    ).toEqual(['Files[0]']);
    expect(document.paths['/workflows/get-all']).toBeDefined();
  });

  it('answers JSON 404s under /api and serves the studio with SPA fallback elsewhere', async () => {
    const missing = await fetch(`${server.apiUrl}/nothing-here`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { Code: number }).Code).toBe(4040);
    const home = await fetch(`${server.baseUrl}/`);
    expect(await home.text()).toContain('<div id="root">');
    const deep = await fetch(`${server.baseUrl}/workflows/edit/123`, { headers: { accept: 'text/html' } });
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    // curl's default Accept is */*: a page route still gets the studio, not a 404.
    const curlLike = await fetch(`${server.baseUrl}/pdf-merge`, { headers: { accept: '*/*' } });
    expect(curlLike.status).toBe(200);
    expect(
      (await fetch(`${server.baseUrl}/pdf-merge`, { headers: { accept: 'application/json' } })).status,
    ).toBe(404);
    expect(await (await fetch(`${server.baseUrl}/assets/app.js`)).text()).toContain('studio');
    expect((await fetch(`${server.baseUrl}/assets/missing.js`)).status).toBe(404);
  });
});
