/**
 * Upload, download and delete over real HTTP, and convert requests whose File / Files[i] carry a
 * FileId, an Url of this server, or a remote Url (urlencoded as well as multipart).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { linearizeConverter, mergeConverter } from '../testing/pipeline-converters';
import { readAnswer, startTestServer, type TestServer } from '../testing/test-server';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
const fourPages = `${CORPUS_DIR}/pdf/pdflatex-4-pages.pdf`;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ converters: [linearizeConverter, mergeConverter] });
});
afterAll(async () => server.close());

async function upload(
  path: string,
  name: string,
  token?: string,
): Promise<{ FileId: string; FileName: string; FileExt: string }> {
  const form = new FormData();
  form.append('File', new Blob([await readFile(path)]), name);
  const response = await fetch(`${server.apiUrl}/upload`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token ?? (await server.anonymousToken())}` },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { FileId: string; FileName: string; FileExt: string };
}

const urlencoded = async (endpoint: string, fields: Record<string, string>) =>
  readAnswer(
    await server.request(`/api/convert/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    }),
  );

const otherToken = async (): Promise<string> =>
  (
    (await (await fetch(`${server.apiUrl}/functions/generate-jwt`, { method: 'POST' })).json()) as {
      token: string;
    }
  ).token;

describe('upload and download', () => {
  it('uploads multipart and downloads the same bytes with Content-Disposition', async () => {
    const stored = await upload(crazyones, 'crazy ones.pdf');
    expect(stored).toMatchObject({ FileName: 'crazy ones.pdf', FileExt: 'pdf' });
    expect(stored.FileId).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const response = await fetch(`${server.apiUrl}/d/${stored.FileId}/crazy%20ones.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="crazy ones.pdf"; filename*=UTF-8''crazy%20ones.pdf`,
    );
    expect(Buffer.from(await response.arrayBuffer()).equals(await readFile(crazyones))).toBe(true);
  });

  it('uploads a raw body named by Content-Disposition filename*', async () => {
    const response = await server.request('/api/upload', {
      method: 'POST',
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': "attachment; filename*=UTF-8''%C3%9Cberblick%202024.pdf",
      },
      body: await readFile(crazyones),
    });
    expect(response.status).toBe(200);
    const stored = (await response.json()) as { FileId: string; FileName: string };
    expect(stored.FileName).toBe('Überblick 2024.pdf');
    const download = await fetch(`${server.apiUrl}/d/${stored.FileId}/x`);
    expect(download.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''%C3%9Cberblick%202024.pdf",
    );
  });

  it('takes an upload without a token (owned by nobody), refuses a bad token and a raw body over the limit', async () => {
    const anonymous = await fetch(`${server.apiUrl}/upload`, {
      method: 'POST',
      headers: { 'content-disposition': "attachment; filename*=UTF-8''a.txt" },
      body: 'x',
    });
    expect(anonymous.status).toBe(200);
    const { FileId } = (await anonymous.json()) as { FileId: string };
    // Nobody owns it, so no token may delete it; it leaves with retention.
    expect((await server.request(`/api/d/${FileId}`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${server.apiUrl}/d/${FileId}/a.txt`)).status).toBe(200);
    const forged = await fetch(`${server.apiUrl}/upload`, {
      method: 'POST',
      headers: {
        authorization: 'Bearer not-a-token',
        'content-disposition': "attachment; filename*=UTF-8''a.txt",
      },
      body: 'x',
    });
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as { Code: number }).Code).toBe(4011);
    const small = await startTestServer({ defaultMaxFileSize: 1024 });
    try {
      const big = await small.request('/api/upload', {
        method: 'POST',
        headers: { 'content-disposition': "attachment; filename*=UTF-8''a.txt" },
        body: Buffer.alloc(4096, 65),
      });
      expect(big.status).toBe(413);
    } finally {
      await small.close();
    }
  });

  it('lets only the owner delete, then the file is gone', async () => {
    const stored = await upload(crazyones, 'mine.pdf');
    const stranger = await fetch(`${server.apiUrl}/d/${stored.FileId}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${await otherToken()}` },
    });
    expect(stranger.status).toBe(404);
    expect((await fetch(`${server.apiUrl}/d/${stored.FileId}`, { method: 'DELETE' })).status).toBe(401);
    const owner = await server.request(`/api/d/${stored.FileId}`, { method: 'DELETE' });
    expect(owner.status).toBe(200);
    const gone = await fetch(`${server.apiUrl}/d/${stored.FileId}/mine.pdf`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as { Code: number }).Code).toBe(5009);
  });
});

describe('File as FileId or Url', () => {
  it('converts a FileId sent multipart and urlencoded, and an Url of this server', async () => {
    const stored = await upload(fourPages, 'four.pdf');
    const multipart = await server.convert('test/to/linearize', { File: stored.FileId });
    expect(multipart.status).toBe(200);
    expect(multipart.body.Files?.[0]?.FileName).toBe('four-linearized.pdf');

    const form = await urlencoded('test/to/linearize', { File: stored.FileId, StoreFile: 'true' });
    expect(form.status).toBe(200);
    const url = form.body.Files?.[0]?.Url ?? '';
    const chained = await urlencoded('test/to/linearize', { File: url });
    expect(chained.status).toBe(200);
    expect(chained.body.Files?.[0]?.FileName).toBe('four-linearized-linearized.pdf');
  });

  it('merges Files[i] given as FileIds in order', async () => {
    const first = await upload(crazyones, 'a.pdf');
    const second = await upload(fourPages, 'b.pdf');
    const answer = await urlencoded('test/to/merge', { 'Files[0]': second.FileId, 'Files[1]': first.FileId });
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    if (!file) throw new Error('no result');
    const dir = await mkdtemp(join(tmpdir(), 'merge-'));
    const merged = await server.saveResult(file, dir);
    expect(Number(execFileSync('qpdf', ['--show-npages', merged], { encoding: 'utf8' }).trim())).toBe(5);
    // Files[0] (the four-page PDF) comes first, Files[1] (crazy ones) last.
    expect(execFileSync('pdftotext', ['-f', '5', '-l', '5', merged, '-'], { encoding: 'utf8' })).toMatch(
      /crazy ones/i,
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('answers 404/5009 for an unknown FileId and 400 for a value that is neither', async () => {
    const unknown = await urlencoded('test/to/linearize', { File: 'AAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.Code).toBe(5009);
    const nonsense = await urlencoded('test/to/linearize', { File: 'not a file' });
    expect(nonsense.status).toBe(400);
  });

  it('fetches a remote File Url through the SSRF guard, or refuses with 5007 when remote fetching is off', async () => {
    const pdf = await readFile(crazyones);
    const remote: Server = createHttpServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="remote.pdf"',
      });
      response.end(pdf);
    });
    await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
    const address = remote.address();
    const remoteUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/files/remote.pdf`;
    try {
      const fetched = await urlencoded('test/to/linearize', { File: remoteUrl });
      expect(fetched.status).toBe(200);
      expect(fetched.body.Files?.[0]?.FileName).toBe('remote-linearized.pdf');

      const guarded = await startTestServer({ converters: [linearizeConverter], allowPrivateUrls: false });
      try {
        const refused = await guarded.convert('test/to/linearize', { File: remoteUrl });
        expect(refused.status).toBeGreaterThanOrEqual(400);
        expect(refused.status).toBeLessThan(500);
      } finally {
        await guarded.close();
      }

      const off = await startTestServer({ converters: [linearizeConverter], remoteFetch: false });
      try {
        const answer = await off.convert('test/to/linearize', { File: remoteUrl });
        expect(answer.status).toBe(400);
        expect(answer.body.Code).toBe(5007);
      } finally {
        await off.close();
      }
    } finally {
      remote.close();
    }
  });
});
