/**
 * POST /api/upload in every form the provider documents, with plain fetch: a raw body of any
 * Content-Type (urlencoded and JSON labels included) named by Content-Disposition or ?filename=,
 * multipart under any field name, ?url=, Accept: text/plain; and the refusals: over the size limit
 * (413 from Content-Length), empty (400), no name (400), anonymous uploads past the per-IP limit (429).
 */
import { readFile } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile } from '../testing/pdf-tools';
import { readAnswer, startTestServer, type TestServer } from '../testing/test-server';

const crazyones = corpusFile('pdf/crazyones.pdf');
let server: TestServer;
let pdf: Uint8Array<ArrayBuffer>;

beforeAll(async () => {
  server = await startTestServer();
  pdf = new Uint8Array(await readFile(crazyones));
});
afterAll(async () => server.close());

const upload = async (init: RequestInit, query = '') =>
  readAnswer(await fetch(`${server.apiUrl}/upload${query}`, { method: 'POST', ...init }));

async function expectStored(fileId: unknown, bytes: Uint8Array): Promise<void> {
  expect((await server.download(`/api/d/${String(fileId)}`)).equals(bytes)).toBe(true);
}

describe('raw uploads', () => {
  it.each([
    'application/x-www-form-urlencoded',
    'application/json',
    'application/octet-stream',
    'application/pdf',
    'text/plain',
  ])('stores the body sent as %s byte for byte', async (type) => {
    const answer = await upload({
      headers: { 'content-type': type, 'content-disposition': 'attachment; filename="report.pdf"' },
      body: pdf,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ FileName: 'report.pdf', FileExt: 'pdf' });
    await expectStored(answer.body.FileId, pdf);
  });

  it('stores a body without Content-Type named by ?filename=, which wins over Content-Disposition', async () => {
    const untyped = await upload({ body: new Blob([pdf]) }, '?filename=from%20query.pdf');
    expect(untyped.status).toBe(200);
    expect(untyped.body.FileName).toBe('from query.pdf');
    await expectStored(untyped.body.FileId, pdf);

    const both = await upload(
      { headers: { 'content-disposition': 'inline; filename="from header.pdf"' }, body: pdf },
      '?FileName=from%20query.pdf',
    );
    expect(both.body.FileName).toBe('from query.pdf');
  });

  it('answers the bare FileId to Accept: text/plain', async () => {
    const response = await fetch(`${server.apiUrl}/upload?filename=a.pdf`, {
      method: 'POST',
      headers: { accept: 'text/plain' },
      body: pdf,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    await expectStored(await response.text(), pdf);
  });

  it('refuses an empty body and a body without a name with 400', async () => {
    const empty = await upload({ body: '' }, '?filename=a.pdf');
    expect(empty.status).toBe(400);
    expect(empty.body.InvalidParameters?.File).toEqual(['The file is empty.']);
    const noBody = await upload({}, '?filename=a.pdf');
    expect(noBody.status).toBe(400);
    const unnamed = await upload({ headers: { 'content-type': 'application/pdf' }, body: pdf });
    expect(unnamed.status).toBe(400);
    expect(unnamed.body.InvalidParameters?.FileName?.[0]).toMatch(/filename/);
  });

  it('refuses a body over the limit from its Content-Length with 413/4130', async () => {
    const small = await startTestServer({ defaultMaxFileSize: 1024 });
    try {
      const answer = readAnswer(
        await fetch(`${small.apiUrl}/upload?filename=big.pdf`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: pdf,
        }),
      );
      expect((await answer).status).toBe(413);
      expect((await answer).body.Code).toBe(4130);
    } finally {
      await small.close();
    }
  });
});

describe('other upload forms', () => {
  it('takes the one multipart file part whatever its field name', async () => {
    for (const field of ['file', 'FileData', 'File']) {
      const form = new FormData();
      form.append(field, new Blob([pdf]), 'multi.pdf');
      const answer = await upload({ body: form });
      expect(answer.status).toBe(200);
      expect(answer.body.FileName).toBe('multi.pdf');
      await expectStored(answer.body.FileId, pdf);
    }
  });

  it('stores a remote file given as ?url=', async () => {
    const remote: Server = createHttpServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/pdf' });
      response.end(pdf);
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const address = remote.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/files/remote.pdf`;
    try {
      const answer = await upload({}, `?url=${encodeURIComponent(url)}`);
      expect(answer.status).toBe(200);
      expect(answer.body.FileName).toBe('remote.pdf');
      await expectStored(answer.body.FileId, pdf);
    } finally {
      remote.close();
    }
  });

  it('needs a token when files are bound to their owners (DOWNLOADS_REQUIRE_OWNER)', async () => {
    const bound = await startTestServer({ downloadsRequireOwner: true });
    try {
      const anonymous = await fetch(`${bound.apiUrl}/upload?filename=a.pdf`, { method: 'POST', body: pdf });
      expect(anonymous.status).toBe(401);
      const owned = await bound.request('/api/upload?filename=a.pdf', { method: 'POST', body: pdf });
      expect(owned.status).toBe(200);
    } finally {
      await bound.close();
    }
  });

  it('limits anonymous uploads per IP (429/4291 with Retry-After)', async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 2 });
    try {
      const send = () => fetch(`${limited.apiUrl}/upload?filename=a.pdf`, { method: 'POST', body: pdf });
      const statuses = [(await send()).status, (await send()).status];
      const third = await send();
      expect([...statuses, third.status]).toEqual([200, 200, 429]);
      expect(third.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await third.json()) as { Code: number }).Code).toBe(4291);
    } finally {
      await limited.close();
    }
  });
});
