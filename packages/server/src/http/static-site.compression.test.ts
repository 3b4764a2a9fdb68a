/**
 * The studio's files as a browser fetches them: the copy the build compressed (name.br, name.gz) when
 * the browser accepts that encoding, the plain file otherwise, always with `Vary: Accept-Encoding`;
 * hashed files under /assets cached for a year as immutable, HTML and other files revalidated.
 * Raw HTTP (node:http), so the bytes on the wire are checked as sent, never decoded by the client.
 */

import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const indexHtml = `<!doctype html><html><head><title>studio</title></head><body><div id="root"></div>${'<p>filler</p>'.repeat(200)}<script type="module" src="/assets/index-4f2a9c1b.js"></script></body></html>`;
const script = `export const tools = ${JSON.stringify(Array.from({ length: 300 }, (_, i) => `tool-${i}`))};`;

let staticDir: string;
let server: TestServer;

/** Writes a file and, as the build does, its gzip and Brotli copies. */
async function writeWithCopies(path: string, content: string): Promise<void> {
  await writeFile(path, content);
  await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
  await writeFile(`${path}.br`, brotliCompressSync(content));
}

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'docstudio-compressed-'));
  await mkdir(join(staticDir, 'assets'));
  await writeWithCopies(join(staticDir, 'index.html'), indexHtml);
  await writeWithCopies(join(staticDir, 'assets', 'index-4f2a9c1b.js'), script);
  // Too small to be worth a compressed copy: sent as it is.
  await writeFile(join(staticDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  server = await startTestServer({ converters: pipelineConverters, staticDir });
});
afterAll(async () => {
  await server?.close();
  await rm(staticDir, { recursive: true, force: true });
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function rawGet(path: string, acceptEncoding?: string): Promise<RawAnswer> {
  const headers: Record<string, string> = { accept: 'text/html,*/*' };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    request(`${server.baseUrl}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const ASSET = '/assets/index-4f2a9c1b.js';

describe('precompressed files', () => {
  it('sends the Brotli copy to a browser that accepts br, byte for byte as the build wrote it', async () => {
    const answer = await rawGet(ASSET, 'gzip, deflate, br, zstd');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(answer.body.equals(await readFile(join(staticDir, `${ASSET}.br`)))).toBe(true);
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it('sends the gzip copy to a client that accepts only gzip', async () => {
    const answer = await rawGet(ASSET, 'gzip');
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(answer.body).toString()).toBe(script);
  });

  it('sends the plain file to a client that accepts no encoding, still varying on Accept-Encoding', async () => {
    const answer = await rawGet(ASSET);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toBe(script);
    expect(String(answer.headers.vary)).toMatch(/accept-encoding/i);
  });

  it('compresses the studio page too, on / and on every client route and 404 alike', async () => {
    for (const [path, status] of [
      ['/', 200],
      ['/pdf-merge', 200],
      ['/no-such-page', 404],
    ] as const) {
      const answer = await rawGet(path, 'br');
      expect({ path, status: answer.status, encoding: answer.headers['content-encoding'] }).toEqual({
        path,
        status,
        encoding: 'br',
      });
      expect(answer.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(answer.body).toString()).toBe(indexHtml);
      expect(answer.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('sends a file without compressed copies as it is', async () => {
    const answer = await rawGet('/favicon.svg', 'gzip, br');
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.toString()).toContain('<svg');
  });
});

describe('caching', () => {
  it('keeps hashed build files for a year as immutable, in every encoding', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const answer = await rawGet(ASSET, encoding);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('has the browser revalidate the HTML and unhashed files', async () => {
    for (const path of ['/', '/index.html', '/pdf-merge', '/no-such-page', '/favicon.svg']) {
      const answer = await rawGet(path, 'br');
      expect({ path, cache: answer.headers['cache-control'] }).toEqual({ path, cache: 'no-cache' });
    }
  });
});
