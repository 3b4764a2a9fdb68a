/**
 * The log serializers on the messages and requests they meet: engine errors, Node's own errors,
 * Fastify's warnings, routes with file names and capabilities in their parameters.
 */
import { describe, expect, it } from 'vitest';
import { fileRef, redactText, serializeError, serializeRequest } from './log-serializers';

const JWT = 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl';

describe('redactText', () => {
  it.each([
    ['qpdf failed: /dev/shm/docstudio-job-x/in/0.pdf: Maria Lopez diagnosis', 'qpdf failed: [detail]'],
    ["ENOENT: no such file or directory, open '/tmp/Maria.pdf'", 'ENOENT: [detail]'],
    [
      "Cannot read properties of undefined (reading 'files')",
      'Cannot read properties of undefined (reading [quoted])',
    ],
    [
      'Unexpected token \'M\', "Maria: sec"... is not valid JSON',
      'Unexpected token [quoted], [quoted]... is not valid JSON',
    ],
    [
      'Reply was already sent, did you forget to "return reply" in the "/api/d/x/Maria.pdf" (GET) route?',
      'Reply was already sent, did you forget to [quoted] in the [quoted] (GET) route?',
    ],
    [`token ${JWT} refused`, 'token [token] refused'],
    ['GET /pdf-merge?auth=abc failed', 'GET [path] failed'],
    ['could not write Maria-Lopez.pdf now', 'could not write [file] now'],
    ['Server listening at http://127.0.0.1:8080', 'Server listening at http://127.0.0.1:8080'],
    ['request completed', 'request completed'],
  ])('%s', (message, expected) => {
    expect(redactText(message)).toBe(expected);
  });

  it('cuts long messages to 300 characters', () => {
    expect(redactText('x'.repeat(5000))).toHaveLength(300);
  });
});

describe('serializeError', () => {
  it("keeps type, code and code locations; drops the message's details and the error's own fields", () => {
    const error = Object.assign(
      new Error('Cannot open "Maria.pdf": page 1\n    at fake (Maria diagnosis:1:2)'),
      {
        code: 'ENGINE_FAILED',
        stderr: 'Maria diagnosis',
        headers: { authorization: `Bearer ${JWT}` },
      },
    );
    const line = serializeError(error);
    expect(line).toMatchObject({
      type: 'Error',
      code: 'ENGINE_FAILED',
      message: 'Cannot open [quoted]: [detail]',
    });
    expect(line.stack).toMatch(/log-serializers\.test\.ts:\d+:\d+/);
    expect(JSON.stringify(line)).not.toMatch(/Maria|diagnosis|stderr|authorization|eyJ/);
  });

  it('keeps only plain error codes', () => {
    expect(serializeError(Object.assign(new Error('x'), { code: 'Maria Lopez' })).code).toBeUndefined();
    expect(serializeError(Object.assign(new Error('x'), { code: 'ERR_STREAM_PREMATURE_CLOSE' })).code).toBe(
      'ERR_STREAM_PREMATURE_CLOSE',
    );
  });
});

describe('serializeRequest', () => {
  const request = (url: string | undefined, params: Record<string, string>) => ({
    method: 'GET',
    url: '/raw?auth=secret',
    routeOptions: { url },
    params,
    headers: { authorization: 'Bearer x' },
  });

  it('logs the route pattern, a hash for a FileId, plain ids and the converter; never the file name', () => {
    expect(
      serializeRequest(request('/api/d/:fileId/:fileName', { fileId: 'abcDEF123', fileName: 'Maria.pdf' })),
    ).toEqual({
      method: 'GET',
      route: '/api/d/:fileId/:fileName',
      fileRef: fileRef('abcDEF123'),
    });
    expect(fileRef('abcDEF123')).toMatch(/^[0-9a-f]{12}$/);
    expect(serializeRequest(request('/api/job/:jobId', { jobId: 'job_1' }))).toMatchObject({
      jobId: 'job_1',
    });
    expect(serializeRequest(request('/api/convert/*', { '*': 'pdf/to/rotate' }))).toMatchObject({
      endpoint: 'pdf/to/rotate',
    });
    expect(serializeRequest(request('/api/convert/*', { '*': 'pdf/to/Maria.pdf' }))).toEqual({
      method: 'GET',
      route: '/api/convert/*',
    });
    expect(serializeRequest(request('/*', { '*': 'patients/Maria.html' }))).toEqual({
      method: 'GET',
      route: '/*',
    });
    expect(serializeRequest(request(undefined, {}))).toEqual({ method: 'GET', route: 'unmatched' });
  });
});
