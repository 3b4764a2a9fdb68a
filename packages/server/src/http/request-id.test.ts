/**
 * X-Request-Id over real HTTP: a safe id sent by a client is answered back and is the `reqId` of the
 * request's log lines; an unsafe one (too long, a space or a newline, a JWT) is replaced by a new id;
 * every answer carries one, error answers and answers given by hooks before routing included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const lines: string[] = [];
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    converters: pipelineConverters,
    logger: true,
    logStream: { write: (line: string) => void lines.push(line) },
    corsOrigins: ['https://partner.example'],
  });
});
afterAll(async () => {
  await server.close();
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const logLinesOf = (id: string): Array<{ reqId?: string; msg: string; res?: { statusCode?: number } }> =>
  lines.map((line) => JSON.parse(line)).filter((line) => line.reqId === id);

describe('X-Request-Id', () => {
  it('answers a safe id as sent, and the log lines of that request carry it', async () => {
    const id = 'lb-7f3a.c0ffee_42';
    const answer = await fetch(`${server.apiUrl}/healthz`, { headers: { 'x-request-id': id } });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-request-id')).toBe(id);
    const logged = logLinesOf(id);
    expect(logged.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(logged[1]?.res?.statusCode).toBe(200);
  });

  it('makes a new id when none or an unsafe one is sent, never logging the unsafe one', async () => {
    const unsafe = [
      'a'.repeat(129),
      'two words',
      'quote"d',
      'semi;colon',
      'slash/ed',
      // A token sent in the wrong header must not reach the log.
      'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
    ];
    const seen = new Set<string>();
    for (const sent of [undefined, ...unsafe]) {
      const answer = await fetch(`${server.apiUrl}/healthz`, {
        headers: sent === undefined ? {} : { 'x-request-id': sent },
      });
      const id = answer.headers.get('x-request-id') ?? '';
      expect(id, String(sent)).toMatch(UUID);
      expect(seen.has(id)).toBe(false);
      seen.add(id);
      expect(logLinesOf(id)).toHaveLength(2);
    }
    const log = lines.join('');
    for (const sent of unsafe) expect(log).not.toContain(sent);
    // 128 characters of the safe alphabet is the longest id taken as sent.
    const longest = `${'x'.repeat(127)}9`;
    const answer = await fetch(`${server.apiUrl}/healthz`, { headers: { 'x-request-id': longest } });
    expect(answer.headers.get('x-request-id')).toBe(longest);
  });

  it('is on error answers too: 404, 401, a refused preflight and a refused origin', async () => {
    const unknown = await fetch(`${server.apiUrl}/nothing-here`, { headers: { 'x-request-id': 'err-404' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-request-id')).toBe('err-404');

    const unauthorised = await fetch(`${server.apiUrl}/job/abc`, { headers: { 'x-request-id': 'err-401' } });
    expect(unauthorised.status).toBe(401);
    expect(unauthorised.headers.get('x-request-id')).toBe('err-401');

    const preflight = await fetch(`${server.apiUrl}/upload`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://stranger.example',
        'access-control-request-method': 'POST',
        'x-request-id': 'err-preflight',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('x-request-id')).toBe('err-preflight');

    const refused = await fetch(`${server.apiUrl}/upload`, {
      headers: {
        origin: 'https://stranger.example',
        'sec-fetch-site': 'cross-site',
        'x-request-id': 'err-403',
      },
    });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('x-request-id')).toBe('err-403');
    expect(logLinesOf('err-403').at(-1)?.res?.statusCode).toBe(403);
  });
});
