/**
 * POST /api/convert in every request form the provider documents, with plain fetch and real engines:
 * JSON `Parameters` (FileValue Id / Url / base64 Data, FileValues, typed Values), flat JSON, urlencoded
 * FileIds, a raw file body with parameters in the query, the query merged with the body (any case,
 * conflicts refused), `?storefile=false` answering FileData, credentials in the URL refused, and a
 * workflow run fed the same JSON.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../testing';
import { corpusFile, pageCount, pageRotations, pageText } from '../testing/pdf-tools';
import { readAnswer, type TestAnswerBody } from '../testing/test-server';

const crazyones = corpusFile('pdf/crazyones.pdf');
const fourPages = corpusFile('pdf/pdflatex-4-pages.pdf');
const { server, dir, save } = useHttpTestServer();

const post = async (path: string, init: RequestInit) =>
  readAnswer(await server().request(`/api/${path}`, { method: 'POST', ...init }));

const json = (path: string, body: unknown) =>
  post(path, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function uploadId(path: string): Promise<string> {
  const answer = await post(`upload?filename=${encodeURIComponent(path.split('/').pop() ?? 'a.pdf')}`, {
    body: await readFile(path),
  });
  expect(answer.status).toBe(200);
  return String(answer.body.FileId);
}

/** The job's answer once it is no longer 202 (or after a minute). */
async function finished(jobId: string) {
  const until = Date.now() + 60_000;
  for (;;) {
    const answer = await readAnswer(await server().request(`/api/job/${jobId}`));
    if (answer.status !== 202 || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A stored-nothing answer file: StoreFile=false gives its bytes instead of a Url. */
type InlineFile = { FileName: string; FileSize: number; FileData?: string; FileId?: string; Url?: string };
const inlineFile = (body: TestAnswerBody): InlineFile | undefined =>
  body.Files?.[0] as InlineFile | undefined;

const base64Of = async (path: string): Promise<string> => (await readFile(path)).toString('base64');

describe('JSON bodies in the provider shape', () => {
  it('rotates a FileValue Id with a number Value, ?storefile=true in the query', async () => {
    const answer = await json('convert/pdf/to/rotate?storefile=true', {
      Parameters: [
        { Name: 'File', FileValue: { Id: await uploadId(fourPages) } },
        { Name: 'RotatePage', Value: 90 },
        { Name: 'PageRange', Value: '1-2' },
      ],
    });
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.Url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/d\//);
    expect(await pageRotations(await save(answer.body.Files?.[0]))).toEqual([90, 90, 0, 0]);
  });

  it('converts base64 Data and then its result by FileValue Url', async () => {
    const first = await json('convert/pdf/to/rotate', {
      Parameters: [
        { Name: 'File', FileValue: { Name: 'from data.pdf', Data: await base64Of(crazyones) } },
        { Name: 'RotatePage', Value: 180 },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.body.Files?.[0]?.FileName).toBe('from data-rotated.pdf');
    const chained = await json('convert/pdf/to/rotate', {
      Parameters: [
        { Name: 'File', FileValue: { Url: first.body.Files?.[0]?.Url } },
        { Name: 'RotatePage', Value: 90 },
      ],
    });
    expect(chained.status).toBe(200);
    expect(await pageRotations(await save(chained.body.Files?.[0]))).toEqual([270]);
  });

  it('merges FileValues given as Id, Url and Data in their order', async () => {
    const rotated = await json('convert/pdf/to/rotate', {
      Parameters: [{ Name: 'File', FileValue: { Id: await uploadId(crazyones) } }],
    });
    const answer = await json('convert/pdf/to/merge', {
      Parameters: [
        {
          Name: 'Files',
          FileValues: [
            { Id: await uploadId(fourPages) },
            { Url: rotated.body.Files?.[0]?.Url },
            { Name: 'again.pdf', Data: await base64Of(crazyones) },
          ],
        },
      ],
    });
    expect(answer.status).toBe(200);
    const merged = await save(answer.body.Files?.[0]);
    expect(await pageCount(merged)).toBe(6);
    expect(await pageRotations(merged)).toEqual([0, 0, 0, 0, 90, 0]);
    expect(await pageText(merged, 6)).toMatch(/crazy ones/i);
  });

  it('answers FileData instead of a Url for a boolean StoreFile false', async () => {
    const answer = await json('convert/pdf/to/rotate', {
      Parameters: [
        { Name: 'File', FileValue: { Id: await uploadId(crazyones) } },
        { Name: 'StoreFile', Value: false },
      ],
    });
    expect(answer.status).toBe(200);
    const file = inlineFile(answer.body);
    expect(file?.Url).toBeUndefined();
    expect(file?.FileId).toBeUndefined();
    const path = join(dir(), 'inline.pdf');
    await writeFile(path, Buffer.from(file?.FileData ?? '', 'base64'));
    expect(file?.FileSize).toBe((await readFile(path)).length);
    expect(await pageRotations(path)).toEqual([90]);
  });

  it('keeps the flat JSON form working', async () => {
    const answer = await json('convert/pdf/to/rotate', { File: await uploadId(crazyones), RotatePage: 270 });
    expect(answer.status).toBe(200);
    expect(await pageRotations(await save(answer.body.Files?.[0]))).toEqual([270]);
  });

  it('refuses malformed Parameters with 400 naming the item', async () => {
    const noName = await json('convert/pdf/to/rotate', { Parameters: [{ Value: 90 }] });
    expect(noName.status).toBe(400);
    expect(Object.keys(noName.body.InvalidParameters ?? {})).toEqual(['Parameters[0]']);
    const empty = await json('convert/pdf/to/rotate', { Parameters: [{ Name: 'File', FileValue: {} }] });
    expect(Object.keys(empty.body.InvalidParameters ?? {})).toEqual(['Parameters[0].FileValue']);
    const notBase64 = await json('convert/pdf/to/rotate', {
      Parameters: [{ Name: 'File', FileValue: { Name: 'a.pdf', Data: '%PDF not base64!' } }],
    });
    expect(notBase64.status).toBe(400);
    expect(Object.keys(notBase64.body.InvalidParameters ?? {})).toEqual(['Parameters[0].FileValue.Data']);
  });
});

describe('query parameters and other bodies', () => {
  it('converts a raw file body with its parameters in the query (any case)', async () => {
    const answer = await post('convert/pdf/to/rotate?rotatepage=180&StoreFile=true', {
      headers: {
        'content-type': 'application/octet-stream',
        'content-disposition': 'attachment; filename="raw.pdf"',
      },
      body: await readFile(crazyones),
    });
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe('raw-rotated.pdf');
    expect(await pageRotations(await save(answer.body.Files?.[0]))).toEqual([180]);
  });

  it('takes the file from the query and the parameters from a urlencoded body', async () => {
    const answer = await post(`convert/pdf/to/rotate?File=${await uploadId(crazyones)}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ RotatePage: '90', StoreFile: 'true' }).toString(),
    });
    expect(answer.status).toBe(200);
    expect(await pageRotations(await save(answer.body.Files?.[0]))).toEqual([90]);
  });

  it('answers FileData for ?storefile=false on a multipart request', async () => {
    const form = new FormData();
    form.append('File', new Blob([await readFile(crazyones)]), 'inline.pdf');
    const answer = await post('convert/pdf/to/rotate?storefile=false', { body: form });
    expect(answer.status).toBe(200);
    const data = inlineFile(answer.body)?.FileData ?? '';
    expect(Buffer.from(data, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses a parameter given in the query and the body with different values', async () => {
    const fileId = await uploadId(crazyones);
    const conflict = await json('convert/pdf/to/rotate?storefile=false', {
      Parameters: [
        { Name: 'File', FileValue: { Id: fileId } },
        { Name: 'StoreFile', Value: true },
      ],
    });
    expect(conflict.status).toBe(400);
    expect(Object.keys(conflict.body.InvalidParameters ?? {})).toEqual(['StoreFile']);
    const same = await json('convert/pdf/to/rotate?storefile=true', { File: fileId, StoreFile: true });
    expect(same.status).toBe(200);
  });

  it('refuses credentials in the URL with 401/4010, even beside a valid bearer', async () => {
    for (const query of ['Secret=abc', 'token=abc', 'auth=abc', 'ApiKey=abc']) {
      const answer = await json(`convert/pdf/to/rotate?${query}`, { File: 'x' });
      expect(answer.status).toBe(401);
      expect(answer.body.Code).toBe(4010);
      expect(answer.body.Message).toMatch(/Authorization: Bearer/);
    }
  });
});

describe('workflow runs', () => {
  it('start from a JSON Parameters body like convert', async () => {
    // Workflows are a signed-in account's: from here on the requests send its token.
    await server().signIn();
    const created = await server().request('/api/workflows/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        Title: 'Rotate',
        Steps: [{ Order: 1, Endpoint: 'pdf/to/rotate', Parameters: { RotatePage: '90' }, OnError: 'stop' }],
      }),
    });
    const { Id } = (await created.json()) as { Id: string };
    const started = await json(`workflows/run/${Id}`, {
      Parameters: [{ Name: 'File', FileValue: { Name: 'run.pdf', Data: await base64Of(crazyones) } }],
    });
    expect(started.status).toBe(202);
    const done = await finished(String(started.body.JobId));
    expect(done.status).toBe(200);
    expect(await pageRotations(await save(done.body.Files?.[0]))).toEqual([90]);
  });
});
