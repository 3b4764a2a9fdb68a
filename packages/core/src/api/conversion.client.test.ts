import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { ConversionClient } from './conversion.client';
import { AbortError, ConversionError, ConversionInputError, NetworkError } from './conversion.errors';
import type { UploadProgress } from './conversion.types';
import { useFakeProvider } from './fake-provider.hooks';
import type { FakeProvider } from './fake-provider.server';

const corpus = (path: string) => new URL(`../../../../../shared/corpus/${path}`, import.meta.url);
const pdfBytes = readFileSync(corpus('pdf/crazyones.pdf'));
const pdfFile = () => new File([pdfBytes], 'crazyones.pdf', { type: 'application/pdf' });

let provider: FakeProvider;
let client: ConversionClient;

useFakeProvider((started) => {
  provider = started;
});
beforeEach(() => {
  provider.acceptTokens('any');
  provider.acceptFileReferences(true);
  client = new ConversionClient({ apiUrl: `${provider.url}/`, token: 'user-token' });
});

const lastRequest = () => provider.requests[provider.requests.length - 1]!;

describe('ConversionClient.convert', () => {
  it('posts multipart to {apiUrl}/convert/{endpoint} with the bearer token and maps the PascalCase answer', async () => {
    const result = await client.convert({
      endpoint: 'office/to/pdf',
      fields: [
        ['File', { blob: pdfFile(), fileName: 'crazyones.pdf' }],
        ['PdfVersion', '1.7'],
        ['StoreFile', 'true'],
      ],
    });
    const request = lastRequest();
    expect(request.path).toBe('/convert/office/to/pdf');
    expect(request.headers.authorization).toBe('Bearer user-token');
    expect(request.fields.map((f) => f.name)).toEqual(['File', 'PdfVersion', 'StoreFile']);
    const sent = request.fields[0]!.value as { fileName: string; size: number; bytes: Buffer };
    expect(sent.fileName).toBe('crazyones.pdf');
    expect(sent.bytes.equals(pdfBytes)).toBe(true);
    expect(result.conversionCost).toBe(1);
    expect(result.files).toHaveLength(1);
    const [file] = result.files;
    expect(file).toMatchObject({ fileName: 'crazyones.pdf', fileSize: pdfBytes.length, fileExt: 'pdf' });
    expect(file!.url).toMatch(new RegExp(`^${provider.url}/d/`));
    expect(provider.files.has(file!.fileId)).toBe(true);
  });

  it('sends no Authorization header without a token and reads a token function on every call', async () => {
    let calls = 0;
    const lazy = new ConversionClient({ apiUrl: provider.url, token: async () => `t${++calls}` });
    await lazy.convert({
      endpoint: 'pdf/to/compress',
      fields: [['File', { blob: pdfFile(), fileName: 'a.pdf' }]],
    });
    expect(lastRequest().headers.authorization).toBe('Bearer t1');
    const anonymous = new ConversionClient({ apiUrl: provider.url });
    await expect(
      anonymous.convert({
        endpoint: 'pdf/to/compress',
        fields: [['File', { blob: pdfFile(), fileName: 'a.pdf' }]],
      }),
    ).rejects.toMatchObject({
      name: 'ConversionError',
      status: 401,
      code: 4011,
      message: 'Invalid credentials',
    });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('keeps odd file names (unicode, quotes, spaces) intact through the multipart encoding', async () => {
    const names = ['Ünïcødé résumé.pdf', 'quote"d.pdf', '日本語.pdf', 'semi;colon=eq.pdf', 'line break.pdf'];
    for (const name of names) {
      await client.convert({
        endpoint: 'pdf/to/compress',
        fields: [['File', { blob: pdfFile(), fileName: name }]],
      });
      const sent = lastRequest().fields[0]!.value as { fileName: string };
      expect(sent.fileName).toBe(name);
    }
  });

  it('sends an empty file as a zero-byte part', async () => {
    const empty = readFileSync(corpus('pdf-malformed/empty.pdf'));
    expect(empty.length).toBe(0);
    await client.convert({
      endpoint: 'pdf/to/compress',
      fields: [['File', { blob: new Blob([empty]), fileName: 'empty.pdf' }]],
    });
    expect((lastRequest().fields[0]!.value as { size: number }).size).toBe(0);
  });

  it('passes a previous result as File by its FileId (chaining without re-upload)', async () => {
    const first = await client.convert({
      endpoint: 'office/to/pdf',
      fields: [['File', { blob: pdfFile(), fileName: 'crazyones.pdf' }]],
    });
    const second = await client.convert({
      endpoint: 'pdf/to/compress',
      fields: [['File', first.files[0]!.fileId]],
    });
    expect(lastRequest().fields[0]).toEqual({ name: 'File', value: first.files[0]!.fileId });
    expect(second.files[0]!.fileSize).toBe(pdfBytes.length);
  });

  it('rejects endpoints that are not path words before any request', async () => {
    for (const endpoint of ['../upload', 'http://evil/x', 'pdf', '', 'pdf/to/../../x']) {
      await expect(client.convert({ endpoint, fields: [] })).rejects.toBeInstanceOf(ConversionInputError);
    }
    expect(provider.requests).toHaveLength(0);
  });
});

describe('ConversionClient error answers', () => {
  const convertOnce = () =>
    client.convert({ endpoint: 'pdf/to/rotate', fields: [['File', { blob: pdfFile(), fileName: 'a.pdf' }]] });

  it('400 with InvalidParameters keeps per-field messages', async () => {
    provider.answerNext('/convert/', {
      status: 400,
      body: JSON.stringify({
        Code: 4000,
        Message: 'Parameter validation error',
        InvalidParameters: {
          RotatePage: ['RotatePage must be one of 90, 180, 270.'],
          PageRange: 'Bad range',
        },
      }),
    });
    const error = await convertOnce().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConversionError);
    expect(error).toMatchObject({ status: 400, code: 4000, message: 'Parameter validation error' });
    expect((error as ConversionError).fieldErrors).toEqual({
      RotatePage: ['RotatePage must be one of 90, 180, 270.'],
      PageRange: ['Bad range'],
    });
  });

  it('500 with a JSON body uses the server Message', async () => {
    provider.answerNext('/convert/', {
      status: 500,
      body: JSON.stringify({ Code: 5002, Message: 'The file is damaged' }),
    });
    await expect(convertOnce()).rejects.toMatchObject({
      status: 500,
      code: 5002,
      message: 'The file is damaged',
    });
  });

  it('500 without a body, or with malformed JSON, says Conversion failed: {status text}', async () => {
    provider.answerNext('/convert/', { status: 500, statusText: 'Internal Server Error', body: '' });
    await expect(convertOnce()).rejects.toMatchObject({
      message: 'Conversion failed: Internal Server Error',
    });
    provider.answerNext('/convert/', { status: 503, statusText: 'Service Unavailable', body: '<html>busy' });
    await expect(convertOnce()).rejects.toMatchObject({
      status: 503,
      message: 'Conversion failed: Service Unavailable',
    });
  });

  it('an OK answer that is malformed JSON or lacks Files is a ConversionError, not a crash', async () => {
    provider.answerNext('/convert/', { status: 200, body: '{"Files": [' });
    await expect(convertOnce()).rejects.toMatchObject({
      name: 'ConversionError',
      status: 200,
      message: 'Conversion failed: the server answer could not be read',
    });
    provider.answerNext('/convert/', { status: 200, body: '{"ConversionCost": 1}' });
    await expect(convertOnce()).rejects.toMatchObject({
      message: 'Conversion failed: the server answer lists no files',
    });
  });

  it('an unreachable server is a NetworkError', async () => {
    const offline = new ConversionClient({ apiUrl: 'http://127.0.0.1:9', token: 't' });
    await expect(
      offline.convert({ endpoint: 'pdf/to/compress', fields: [['StoreFile', 'true']] }),
    ).rejects.toBeInstanceOf(NetworkError);
  });
});

describe('upload progress and abort', () => {
  it('reports real, rising upload progress on a slow upload', async () => {
    provider.throttleUploads(256 * 1024, 15);
    try {
      const big = new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'application/pdf' });
      const seen: UploadProgress[] = [];
      await client.convert(
        { endpoint: 'pdf/to/compress', fields: [['File', { blob: big, fileName: 'big.pdf' }]] },
        { onUploadProgress: (p) => seen.push(p) },
      );
      const percents = seen.map((p) => p.percent);
      expect(percents[0]).toBe(0);
      expect(percents[percents.length - 1]).toBe(100);
      // Intermediate values prove it tracks bytes, not just start and end.
      expect(percents.filter((p) => p > 0 && p < 100).length).toBeGreaterThan(3);
      expect(percents).toEqual([...percents].sort((a, b) => a - b));
      expect(seen[seen.length - 1]!.total).toBe(lastRequest().bodyBytes);
    } finally {
      provider.throttleUploads(Number.MAX_SAFE_INTEGER, 1);
    }
  });

  it('aborts a slow upload through the AbortSignal with an AbortError', async () => {
    provider.throttleUploads(64 * 1024, 20);
    try {
      const controller = new AbortController();
      const big = new Blob([new Uint8Array(8 * 1024 * 1024)]);
      const started = Date.now();
      const pending = client.convert(
        { endpoint: 'pdf/to/compress', fields: [['File', { blob: big, fileName: 'big.pdf' }]] },
        {
          signal: controller.signal,
          onUploadProgress: (p) => {
            if (p.percent >= 5) controller.abort();
          },
        },
      );
      await expect(pending).rejects.toBeInstanceOf(AbortError);
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      provider.throttleUploads(Number.MAX_SAFE_INTEGER, 1);
    }
  });

  it('an already aborted signal never sends', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      client.convert(
        { endpoint: 'pdf/to/compress', fields: [['StoreFile', 'true']] },
        { signal: controller.signal },
      ),
    ).rejects.toBeInstanceOf(AbortError);
    expect(provider.requests).toHaveLength(0);
  });
});

describe('uploadFile and downloadFile', () => {
  it('uploads one file and converts it by FileId', async () => {
    const uploaded = await client.uploadFile(pdfFile());
    expect(uploaded).toMatchObject({ fileName: 'crazyones.pdf', fileExt: 'pdf' });
    expect(lastRequest().path).toBe('/upload');
    const result = await client.convert({ endpoint: 'pdf/to/compress', fields: [['File', uploaded.fileId]] });
    const downloaded = await client.downloadFile(result.files[0]!);
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(pdfBytes)).toBe(true);
    expect(downloaded.name).toBe('crazyones.pdf');
  });

  it('upload errors read the server Message, else Upload failed: {status text}', async () => {
    provider.answerNext('/upload', { status: 413, statusText: 'Payload Too Large', body: '' });
    await expect(client.uploadFile(pdfFile())).rejects.toMatchObject({
      status: 413,
      message: 'Upload failed: Payload Too Large',
    });
    provider.answerNext('/upload', { status: 200, body: '{}' });
    await expect(client.uploadFile(pdfFile())).rejects.toBeInstanceOf(ConversionError);
  });

  it('a missing result file is a ConversionError with the server message', async () => {
    await expect(
      client.downloadFile({ url: `${provider.url}/d/nope/x.pdf`, fileName: 'x.pdf' }),
    ).rejects.toMatchObject({ name: 'ConversionError', status: 404, message: 'Invalid FileId' });
  });
});
