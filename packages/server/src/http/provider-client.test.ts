/**
 * The provider's own Node client (npm `convertapi`), unchanged, pointed at a real server on a loopback
 * port: it uploads raw bodies labelled application/x-www-form-urlencoded, converts with urlencoded
 * forms (FileIds, result Urls, Files[i]), downloads with its bearer token, and reads {Code, Message}.
 */
import { spawnSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ConvertAPI from 'convertapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusFile, pageCount, pageRotations, pageText } from '../testing/pdf-tools';
import { startTestServer, type TestServer } from '../testing/test-server';

const crazyones = corpusFile('pdf/crazyones.pdf');
const fourPages = corpusFile('pdf/pdflatex-4-pages.pdf');

let server: TestServer;
let api: ConvertAPI;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(join(tmpdir(), 'provider-client-'));
  // The client's credential is sent as `Authorization: Bearer`: one of this server's tokens.
  api = new ConvertAPI(await server.anonymousToken(), {
    baseUri: `${server.apiUrl}/`,
    conversionTimeout: 120,
  });
});
afterAll(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** The client's error, with the answer it parsed. */
async function failure(
  promise: Promise<unknown>,
): Promise<{ message: string; data: { Code: number; Message: string }; status: number }> {
  const error = (await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as
    | { message: string; data: { Code: number; Message: string }; response?: { status: number } }
    | undefined;
  if (!error) throw new Error('The call succeeded.');
  return { message: error.message, data: error.data, status: error.response?.status ?? 0 };
}

describe('the provider Node client against this server', () => {
  it('uploads a file (raw body, UTF-8 name) and gets the same bytes back', async () => {
    const uploaded = await api.upload(createReadStream(crazyones), 'Überblick 2024.pdf');
    expect(uploaded.fileName).toBe('Überblick 2024.pdf');
    expect(uploaded.fileExt).toBe('pdf');
    const bytes = await server.download(`/api/d/${uploaded.fileId}`);
    expect(bytes.equals(await readFile(crazyones))).toBe(true);
  });

  it('converts an uploaded file by FileId: pdf rotate', async () => {
    const uploaded = await api.upload(fourPages);
    const result = await api.convert('rotate', { File: uploaded, RotatePage: 90, PageRange: '2-3' }, 'pdf');
    expect(result.file.fileName).toBe('pdflatex-4-pages-rotated.pdf');
    expect(result.file.url).toMatch(new RegExp(`^${server.apiUrl}/d/`));
    const path = await result.file.save(dir);
    expect(await pageRotations(path)).toEqual([0, 90, 90, 0]);
  });

  it('uploads local paths itself and merges them by Files in order', async () => {
    const result = await api.convert('merge', { Files: [fourPages, crazyones] }, 'pdf');
    const [path] = await result.saveFiles(dir);
    if (!path) throw new Error('no merged file');
    expect(await pageCount(path)).toBe(5);
    expect(await pageText(path, 5)).toMatch(/crazy ones/i);
  });

  it('chains a result Url into the next conversion: compress, then protect', async () => {
    const compressed = await api.convert('compress', { File: crazyones }, 'pdf');
    // No source format: the client reads it from the result Url's file name.
    const protectedPdf = await api.convert('protect', { File: compressed, UserPassword: 'open sesame' });
    const path = await protectedPdf.file.save(join(dir, 'protected.pdf'));
    // qpdf --requires-password exits 0 when a password is needed to open the file.
    expect(spawnSync('qpdf', ['--requires-password', path]).status).toBe(0);
    expect(await pageCount(path, 'open sesame')).toBe(1);
  });

  it('gets {Code, Message} errors: a corrupt PDF (422/5002) and a wrong parameter (400/4000)', async () => {
    const corrupt = await failure(
      api.convert('rotate', { File: corpusFile('pdf-malformed/invalid.pdf'), RotatePage: 90 }, 'pdf'),
    );
    expect(corrupt.status).toBe(422);
    expect(corrupt.data.Code).toBe(5002);
    expect(corrupt.message).toContain('Code: 5002');

    const wrong = await failure(api.convert('rotate', { File: crazyones, RotatePage: 45 }, 'pdf'));
    expect(wrong.status).toBe(400);
    expect(wrong.data.Code).toBe(4000);
    expect(wrong.message).toContain('RotatePage');
  });

  it('keeps working when files are bound to their owners (signed result links)', async () => {
    const bound = await startTestServer({ downloadsRequireOwner: true });
    try {
      const client = new ConvertAPI(await bound.anonymousToken(), { baseUri: `${bound.apiUrl}/` });
      const uploaded = await client.upload(fourPages);
      const rotated = await client.convert('rotate', { File: uploaded, RotatePage: 180 }, 'pdf');
      expect(rotated.file.url).toMatch(/[?&]signature=/);
      const chained = await client.convert('rotate', { File: rotated, RotatePage: 90, PageRange: '1' });
      expect(await pageRotations(await chained.file.save(join(dir, 'bound.pdf')))).toEqual([
        270, 180, 180, 180,
      ]);
    } finally {
      await bound.close();
    }
  });

  it('is refused with 401/4011 when its credential is not a token of this server', async () => {
    const stranger = new ConvertAPI('a-provider-secret', { baseUri: `${server.apiUrl}/` });
    const refused = await failure(stranger.convert('rotate', { File: 'https://example.com/a.pdf' }, 'pdf'));
    expect(refused.status).toBe(401);
    expect(refused.data.Code).toBe(4011);
  });
});
