/**
 * What the server logs, read from a real server logging into a buffer: a sign-in, the studio's
 * `?auth=<token>` arrival, an upload of a file named after a patient, a real conversion, downloads by
 * `/api/d/<FileId>/<FileName>` and failing requests (an engine error quoting the file, a forged token,
 * an unknown route with the token in its query). The whole log is then searched for the token, the
 * password, the email, the file name (raw and URL-encoded), the document's text marker and the full
 * FileIds: none may appear, while every request is there with its route pattern, status and duration.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converters } from '../converters';
import type { Converter } from '../converters/converter.types';
import { sentParameters } from '../converters/tool-parameters';
import { SignInBrowser, signUp } from '../testing/sign-in-browser';
import { startTestServer, type TestServer } from '../testing/test-server';
import { fileRef } from './log-serializers';

const FILE_NAME = 'Maria López SSN-078-05-1120.pdf';
const MARKER = 'DIAGNOSIS-MARKER-5b7e1c';
const EMAIL = 'maria.clinic@example.com';
const PASSWORD = 'Correct-Horse-Battery-7731';

/** An engine failing the way real ones do: the file named in its message, its output on the error. */
const leakyConverter: Converter = {
  endpoint: 'test/to/leak',
  engine: 'qpdf',
  input: 'single-file',
  accepts: ['pdf'],
  readParameters: sentParameters(),
  async convert(ctx) {
    const input = ctx.files[0];
    const error = new Error(`Cannot open "${input?.fileName}": ${input?.fileName} page 1 says ${MARKER}`);
    Object.assign(error, {
      stderr: `${MARKER} in ${input?.fileName}`,
      command: `engine ${ctx.workDir}/${input?.fileName}`,
      code: 'ENGINE_FAILED',
    });
    throw error;
  },
};

const lines: string[] = [];
let server: TestServer;
let siteDir: string;
beforeAll(async () => {
  siteDir = await mkdtemp(join(tmpdir(), 'docstudio-log-site-'));
  await writeFile(join(siteDir, 'index.html'), '<!doctype html><title>studio</title>');
  server = await startTestServer({
    logger: true,
    logStream: { write: (line: string) => void lines.push(line) },
    staticDir: siteDir,
    converters: [...converters, leakyConverter],
  });
});
afterAll(async () => {
  await server.close();
  await rm(siteDir, { recursive: true, force: true });
});

async function markedPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([300, 200]);
  page.drawText(`Patient record ${MARKER}`, {
    x: 20,
    y: 100,
    font: await pdf.embedFont(StandardFonts.Helvetica),
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  req?: { method?: string; route?: string; fileRef?: string; endpoint?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; code?: string };
}

describe('the request log', () => {
  it('holds no token, password, email, file name, document text or FileId, and every request', async () => {
    // Sign-up and the studio's arrival with ?auth=<token>, then its validate-token call.
    const browser = new SignInBrowser(server.baseUrl);
    const token = await signUp(browser, server.baseUrl, EMAIL, PASSWORD);
    const arrival = await fetch(`${server.baseUrl}/pdf-merge?auth=${token}`, {
      headers: { accept: 'text/html' },
    });
    expect(arrival.status).toBe(200);
    const validation = await fetch(`${server.apiUrl}/functions/validate-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, environment: 'production' }),
    });
    expect(((await validation.json()) as { valid: boolean }).valid).toBe(true);

    // Upload of a patient's file, a real conversion (qpdf) of it by FileId, and downloads by name.
    const pdf = await markedPdf();
    const form = new FormData();
    form.append('File', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), FILE_NAME);
    const uploaded = (await (
      await fetch(`${server.apiUrl}/upload`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { FileId: string; FileName: string };
    expect(uploaded.FileName).toBe(FILE_NAME);
    const rotated = await server.convert('pdf/to/rotate', { File: uploaded.FileId, RotatePage: '90' }, [], {
      token,
    });
    expect(rotated.status).toBe(200);
    const result = rotated.body.Files?.[0];
    expect(result?.FileName).toContain('SSN-078-05-1120');
    expect((await server.download(result?.Url ?? '')).subarray(0, 5).toString()).toBe('%PDF-');
    const original = await fetch(`${server.apiUrl}/d/${uploaded.FileId}/${encodeURIComponent(FILE_NAME)}`);
    expect(original.status).toBe(200);

    // Failing requests: an engine error naming the file, a forged token, an unknown route with a query.
    const failed = await server.convert('test/to/leak', {}, [{ content: pdf, name: FILE_NAME }], { token });
    expect(failed.status).toBe(500);
    const forged = await fetch(`${server.apiUrl}/workflows/get-all`, {
      headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    const unknown = await fetch(`${server.baseUrl}/files/${encodeURIComponent(FILE_NAME)}?auth=${token}`);
    expect(unknown.status).toBe(404);
    const wrongPassword = await browser.post('/a/sign-in', { email: EMAIL, password: PASSWORD, csrf: 'x' });
    expect(wrongPassword.status).toBe(403);

    await new Promise((resolve) => setTimeout(resolve, 50));
    const log = lines.join('');
    const secrets = [
      token,
      token.split('.')[2] ?? '',
      PASSWORD,
      EMAIL,
      FILE_NAME,
      encodeURIComponent(FILE_NAME),
      'Maria',
      'L%C3%B3pez',
      'López',
      '078-05-1120',
      MARKER,
      uploaded.FileId,
      result?.FileId ?? '',
      'auth=',
    ];
    for (const secret of secrets) expect([secret, log.includes(secret)]).toEqual([secret, false]);

    // Not an empty log: every request is there, by route pattern, with status and duration.
    const parsed = lines.map((line) => JSON.parse(line) as LogLine);
    const completed = parsed.filter((line) => line.msg === 'request completed');
    const done = (route: string, status: number) =>
      completed.filter((line) => line.req?.route === route && line.res?.statusCode === status);
    expect(done('/a/sign-up', 303)).toHaveLength(1);
    expect(done('unmatched', 200)).toHaveLength(1);
    expect(done('/api/upload', 200)).toHaveLength(1);
    expect(done('/api/convert/*', 200)[0]?.req?.endpoint).toBe('pdf/to/rotate');
    expect(done('/api/convert/*', 500)[0]?.req?.endpoint).toBe('test/to/leak');
    expect(done('/api/workflows/get-all', 401)).toHaveLength(1);
    expect(done('unmatched', 404)).toHaveLength(1);
    const downloads = done('/api/d/:fileId/:fileName', 200).map((line) => line.req?.fileRef);
    expect(downloads.sort()).toEqual([fileRef(uploaded.FileId), fileRef(result?.FileId ?? '')].sort());
    for (const line of completed) {
      expect(line.reqId).toMatch(/\S/);
      expect(line.req?.method).toMatch(/^(GET|POST)$/);
      expect(line.responseTime).toBeGreaterThanOrEqual(0);
      expect(line.req?.route).not.toMatch(/[?]/);
    }
    // The engine failure is logged as an error without its message's details or its output.
    const failure = parsed.find((line) => line.msg === 'request failed');
    expect(failure?.err).toMatchObject({
      type: 'Error',
      code: 'ENGINE_FAILED',
      message: 'Cannot open [quoted]: [detail]',
    });
    expect(JSON.stringify(failure)).not.toMatch(/stderr|command|headers|body/);
  });
});
