/**
 * Over-limit uploads over real sockets: the client announces 10 GB and keeps sending; the server
 * answers 413 JSON with Connection: close after reading about the limit, closes the socket, and keeps
 * serving. Both for POST /convert (multipart) and POST /upload (multipart and raw).
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
const TEN_GB = 10 * 1024 ** 3;
const CHUNK = Buffer.alloc(256 * 1024, 0x20);
const CHUNKED = Buffer.concat([Buffer.from(`${CHUNK.length.toString(16)}\r\n`), CHUNK, Buffer.from('\r\n')]);

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ converters: pipelineConverters, defaultMaxFileSize: 4 * 1024 * 1024 });
  token = await server.anonymousToken();
});
afterAll(async () => {
  await server.close();
});

interface RawAnswer {
  head: string;
  status: number;
  body: string;
  /** Body bytes the client managed to hand to its socket before the server closed it. */
  sent: number;
}

/** Sends a request announcing `declared` body bytes and writes filler until the server hangs up. */
function sendHuge(
  path: string,
  headers: Record<string, string>,
  preamble: string,
  chunked = false,
): Promise<RawAnswer> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const received: Buffer[] = [];
    let sent = 0;
    let closed = false;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer; ${sent} bytes sent`));
    }, 30_000);
    const pump = (): void => {
      while (!closed && sent < TEN_GB) {
        sent += CHUNK.length;
        if (!socket.write(chunked ? CHUNKED : CHUNK)) {
          socket.once('drain', pump);
          return;
        }
      }
    };
    socket.on('connect', () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, `Authorization: Bearer ${token}`];
      for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n${preamble}`);
      pump();
    });
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('error', () => {}); // EPIPE/ECONNRESET while still writing: expected, the answer is already in
    socket.on('close', () => {
      closed = true;
      clearTimeout(giveUp);
      const text = Buffer.concat(received).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ head, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body, sent });
    });
  });
}

const multipartOf = (
  field: string,
  fileName: string,
): { headers: Record<string, string>; preamble: string } => {
  const boundary = 'docstudio-limit-test';
  return {
    headers: {
      'Content-Type': `multipart/form-data; boundary=${boundary}`,
      'Content-Length': String(TEN_GB),
    },
    preamble: `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  };
};

function expectClosed413(answer: RawAnswer, limitBytes: number): void {
  expect(answer.status).toBe(413);
  expect(answer.head).toMatch(/^connection: close$/im);
  expect(answer.head).toMatch(/^content-type: application\/json/im);
  expect(JSON.parse(answer.body)).toMatchObject({ Code: 4130, Message: expect.stringMatching(/limit/) });
  // Reading stopped near the limit: far from the 10 GB announced (the rest is socket buffers).
  expect(answer.sent).toBeLessThan(limitBytes + 64 * 1024 * 1024);
}

describe('over-limit uploads', () => {
  it('answers 413 on convert at the limit, closes the connection, and keeps serving', async () => {
    const { headers, preamble } = multipartOf('File', 'huge.pdf');
    const started = Date.now();
    const answer = await sendHuge('/api/convert/test/to/linearize', headers, preamble);
    expectClosed413(answer, 2 * 1024 * 1024);
    expect(Date.now() - started).toBeLessThan(10_000);

    const after = await server.convert('test/to/linearize', {}, [crazyones]);
    expect(after.status).toBe(200);
    expect(after.body.Files?.[0]?.FileExt).toBe('pdf');
  });

  it('answers 413 on a multipart upload and on a chunked raw upload (no Content-Length)', async () => {
    const { headers, preamble } = multipartOf('File', 'huge.pdf');
    expectClosed413(await sendHuge('/api/upload', headers, preamble), 4 * 1024 * 1024);

    const raw = await sendHuge(
      '/api/upload',
      {
        'Content-Type': 'application/pdf',
        'Content-Disposition': "attachment; filename*=UTF-8''huge.pdf",
        'Transfer-Encoding': 'chunked',
      },
      '',
      true,
    );
    expectClosed413(raw, 4 * 1024 * 1024);

    const after = await server.request('/api/upload', {
      method: 'POST',
      headers: {
        'Content-Disposition': "attachment; filename*=UTF-8''small.pdf",
        'Content-Type': 'application/pdf',
      },
      body: '%PDF-1.4\n',
    });
    expect(after.status).toBe(200);
  });

  it('answers 413 before reading when the declared raw length is over the limit', async () => {
    const answer = await sendHuge(
      '/api/upload',
      {
        'Content-Type': 'application/pdf',
        'Content-Disposition': "attachment; filename*=UTF-8''huge.pdf",
        'Content-Length': String(TEN_GB),
      },
      '%PDF-1.4\n',
    );
    expectClosed413(answer, 0);
  });
});
