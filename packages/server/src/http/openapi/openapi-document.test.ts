/**
 * The served OpenAPI document, as a client generator would take it: valid under a strict OpenAPI
 * parser, describing every API route the server registers (collected from Fastify's own onRoute
 * hook, independently of the document's generator), and its schemas refusing what they say they
 * refuse, in the contract's error shape.
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { compileErrors, validate } from '@readme/openapi-parser';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/test-server';

interface Operation {
  summary?: string;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { content: Record<string, { schema: { required?: string[] } }> };
  responses: Record<string, { description: string }>;
}
interface OpenApiDocument {
  openapi: string;
  servers: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
}

const registered: Array<{ method: string; url: string }> = [];
/** Every route of every Fastify instance made while subscribed (Fastify publishes its creation). */
function collectRoutes(message: unknown): void {
  (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) registered.push({ method, url: route.url });
  });
}

let server: TestServer;
let document: OpenApiDocument;

beforeAll(async () => {
  subscribe('fastify.initialization', collectRoutes);
  try {
    server = await startTestServer();
  } finally {
    unsubscribe('fastify.initialization', collectRoutes);
  }
  document = (await (await fetch(`${server.apiUrl}/openapi.json`)).json()) as OpenApiDocument;
});
afterAll(async () => {
  await server?.close();
});

/** `/api/d/:fileId` → `/d/{fileId}`, as OpenAPI writes the path under the `/api` server. */
const documentPath = (url: string): string => url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1 under a strict parser, with no warnings', async () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: server.apiUrl }]);
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, result.valid ? '' : compileErrors(result)).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  it("would be refused with an undeclared path parameter (the hand-written document's fault)", async () => {
    const broken = structuredClone(document);
    const download = broken.paths['/d/{fileId}']?.get;
    expect(download?.parameters?.some((parameter) => parameter.in === 'path')).toBe(true);
    if (download) download.parameters = download.parameters?.filter((parameter) => parameter.in !== 'path');
    const result = await validate(broken as never);
    expect(result.valid).toBe(false);
    expect(result.valid ? '' : compileErrors(result)).toMatch(/fileId/);
  });

  it('describes every route registered under /api, and nothing else is left out', () => {
    const converters = server.app.docstudio.converters;
    const gets = new Set(registered.filter((route) => route.method === 'GET').map((route) => route.url));
    const undocumented: string[] = [];
    const webPages: string[] = [];
    for (const { method, url } of registered) {
      // Fastify answers HEAD for every GET by itself; the GET is what the document describes.
      if (method === 'HEAD' && gets.has(url)) continue;
      if (!url.startsWith('/api/')) {
        webPages.push(`${method} ${url}`);
        continue;
      }
      const paths = url.endsWith('/*')
        ? converters.map((converter) => `/convert/${converter.endpoint}`)
        : [documentPath(url)];
      for (const path of paths)
        if (!document.paths[path]?.[method.toLowerCase()]) undocumented.push(`${method} ${path}`);
    }
    expect(undocumented).toEqual([]);
    expect(registered.length).toBeGreaterThan(20);
    // Only the sign-in site's pages are not API calls.
    expect(webPages.filter((route) => !/^(GET|HEAD|POST) \/a(\/|$)/.test(route))).toEqual([]);
    for (const path of ['/healthz', '/readyz', '/metrics', '/openapi.json', '/workflows/runs'])
      expect(document.paths[path]?.get, path).toBeDefined();
    expect(document.paths['/workflows/run/{id}']?.post).toBeDefined();
    expect(document.paths['/d/{fileId}/{fileName}']?.get).toBeDefined();
  });

  it('gives every operation a summary and a described answer for each status', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        for (const [status, response] of Object.entries(operation.responses))
          expect(response.description, `${method} ${path} ${status}`).not.toBe('Default Response');
      }
    }
  });

  it("gives each converter its own form from the table and the catalogue's options", () => {
    const form = (path: string) =>
      document.paths[path]?.post?.requestBody?.content['multipart/form-data']?.schema as {
        required?: string[];
        properties: Record<string, { enum?: string[] }>;
      };
    expect(form('/convert/pdf/to/merge').required).toEqual(['Files[0]']);
    expect(form('/convert/pdf/to/rotate').required).toEqual(['File']);
    expect(form('/convert/web/to/pdf').required).toEqual(['Url']);
    expect(form('/convert/pdf/to/rotate').properties.RotatePage?.enum).toContain('90');
    const query = document.paths['/convert/pdf/to/rotate']?.post?.parameters?.map((p) => p.name);
    expect(query).toEqual(expect.arrayContaining(['StoreFile', 'Timeout', 'Async', 'File']));
  });
});

describe('requests the route schemas refuse', () => {
  it('answer 400 in the contract shape {Code: 4000, Message, InvalidParameters}', async () => {
    await server.signIn();
    const listed = await server.request('/api/workflows/runs?workflowId=one');
    expect(listed.status).toBe(200);
    expect(await listed.json()).toEqual({ Runs: [] });

    const refused = await server.request('/api/workflows/runs?workflowId=one&workflowId=two');
    expect(refused.status).toBe(400);
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await refused.json()).toEqual({
      Code: 4000,
      Message: 'Parameter validation error',
      InvalidParameters: { workflowId: ['workflowId is given more than once: send it once.'] },
    });

    const download = await fetch(`${server.apiUrl}/d/some-file?signature=a&signature=b`);
    expect(download.status).toBe(400);
    expect(((await download.json()) as { InvalidParameters: unknown }).InvalidParameters).toEqual({
      signature: ['signature is given more than once: send it once.'],
    });
  });
});
