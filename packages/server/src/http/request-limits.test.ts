/**
 * Hostile requests over real sockets, with short limits: huge headers answer 431 JSON; a body
 * dribbling below the minimum rate and a client dribbling its headers are closed within their
 * timeouts; past the global receiving budget a real large upload is told 429 with Retry-After (not
 * EPIPE); a broken multipart body answers 400 JSON; and the server keeps serving.
 */
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({
    converters: pipelineConverters,
    headersTimeoutSeconds: 2,
    // long enough that the budget test's slow holder is never cut while a loaded machine sends its uploads
    requestTimeoutSeconds: 300,
    // The budget test's holder sends 32 KB a second from this same, possibly starved, process: a
    // minimum 32 times below it never cuts the holder (which would free the budget mid-test), while
    // the 1-byte-a-second dribbler is still far below.
    minUploadBytesPerSecond: 1024,
    uploadGraceSeconds: 2,
    maxReceivingBytes: 8 * 1024 * 1024,
    defaultMaxFileSize: 64 * 1024 * 1024,
  });
  token = await server.anonymousToken();
});
afterAll(async () => {
  await server.close();
});

interface Closed {
  text: string;
  afterMs: number;
}

/**
 * Opens a socket, lets `drive` write to it, and resolves with what came back once it closes. Half-open
 * like most HTTP clients: the server's FIN alone does not end the client's writing, a reset does.
 */
function rawExchange(drive: (socket: Socket) => void, giveUpMs = 30_000): Promise<Closed> {
  const { port } = new URL(server.baseUrl);
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    const received: Buffer[] = [];
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error('the server kept the connection open'));
    }, giveUpMs);
    socket.on('connect', () => drive(socket));
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    // The server is done: the client stops writing and closes too.
    socket.on('end', () => socket.end());
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(giveUp);
      resolve({ text: Buffer.concat(received).toString('utf8'), afterMs: Date.now() - started });
    });
  });
}

/** Writes a whole raw upload of `size` bytes, then reads the answer; reports a failed write. */
function sendAllThenRead(size: number): Promise<{ text: string; writeError?: string }> {
  const { port } = new URL(server.baseUrl);
  let writeError: string | undefined;
  return rawExchange((socket) => {
    socket.on('error', (error: NodeJS.ErrnoException) => {
      writeError ??= error.code;
    });
    socket.write(
      `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
        "Content-Type: application/pdf\r\nContent-Disposition: attachment; filename*=UTF-8''w.pdf\r\n" +
        `Content-Length: ${size}\r\nConnection: close\r\n\r\n`,
    );
    socket.end(Buffer.alloc(size, 0x20));
  }).then((closed) => ({ text: closed.text, writeError }));
}

const statusOf = (text: string): number => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const bodyOf = (text: string): unknown => JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));

async function stillServes(): Promise<void> {
  const answer = await server.convert('test/to/linearize', {}, [crazyones]);
  expect(answer.status).toBe(200);
}

describe('request limits', () => {
  it('answers 431 with a JSON error to a 200 KB token', async () => {
    const answer = await fetch(`${server.apiUrl}/convert/test/to/linearize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${'x'.repeat(200 * 1024)}` },
    });
    expect(answer.status).toBe(431);
    expect(await answer.json()).toEqual({ Code: 4000, Message: 'The request headers are too large.' });
    await stillServes();
  });

  it('closes a body dribbling at 1 byte a second with 408 soon after the grace period', async () => {
    const { port } = new URL(server.baseUrl);
    let timer: NodeJS.Timeout | undefined;
    const closed = await rawExchange((socket) => {
      socket.write(
        `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          "Content-Type: application/pdf\r\nContent-Disposition: attachment; filename*=UTF-8''slow.pdf\r\n" +
          'Content-Length: 100000\r\n\r\n',
      );
      timer = setInterval(() => socket.writable && socket.write('x'), 1000);
    });
    clearInterval(timer);
    expect(statusOf(closed.text)).toBe(408);
    expect(bodyOf(closed.text)).toMatchObject({ Code: 4000, Message: expect.stringMatching(/too slowly/) });
    // Grace 2 s, checked every second, closed half a second after the answer.
    expect(closed.afterMs).toBeLessThan(6000);
    await stillServes();
  });

  it('closes a client dribbling its headers within the headers timeout', async () => {
    let timer: NodeJS.Timeout | undefined;
    const closed = await rawExchange((socket) => {
      socket.write('POST /api/upload HTTP/1.1\r\n');
      let n = 0;
      timer = setInterval(() => socket.writable && socket.write(`X-Slow-${n++}: y\r\n`), 500);
    });
    clearInterval(timer);
    expect(statusOf(closed.text)).toBe(408);
    expect(closed.afterMs).toBeLessThan(5000);
  });

  it('tells a real large upload 429 with Retry-After while the server is receiving too much', async () => {
    const { port } = new URL(server.baseUrl);
    // A slow upload of 6 MB holds most of the 8 MB budget …
    let timer: NodeJS.Timeout | undefined;
    let holderSocket: Socket | undefined;
    const holder = rawExchange((socket) => {
      holderSocket = socket;
      socket.write(
        `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          "Content-Type: application/pdf\r\nContent-Disposition: attachment; filename*=UTF-8''big.pdf\r\n" +
          `Content-Length: ${6 * 1024 * 1024}\r\n\r\n`,
      );
      timer = setInterval(() => socket.writable && socket.write(Buffer.alloc(32 * 1024, 0x20)), 1000);
    });
    // The holder's headers reach the server when the machine gets to them: wait for it, not a fixed time.
    await expect.poll(() => server.app.receivingBudget.bytes, { timeout: 30_000 }).toBe(6 * 1024 * 1024);
    // … so a 48 MB upload sent at full speed is refused before it is read, and its client hears it.
    for (let i = 0; i < 5; i++) {
      expect(server.app.receivingBudget.bytes).toBe(6 * 1024 * 1024);
      const refused = await fetch(`${server.apiUrl}/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/pdf',
          'content-disposition': "attachment; filename*=UTF-8''large.pdf",
        },
        body: Buffer.alloc(48 * 1024 * 1024, 0x20),
      });
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await refused.json()).toMatchObject({ Code: 4291 });
    }
    // A client that reads only after writing its whole body (as many do) gets to write it and hears 429.
    const writer = await sendAllThenRead(4 * 1024 * 1024);
    expect(writer.writeError).toBeUndefined();
    expect(statusOf(writer.text)).toBe(429);
    // The holder gives up (as a client would): its share of the budget is freed with its connection.
    clearInterval(timer);
    holderSocket?.destroy();
    await holder;
    await expect.poll(() => server.app.receivingBudget.bytes, { timeout: 30_000 }).toBe(0);
    await stillServes();
  });

  it('answers 413 to a convert whose Content-Length is over the limit before reading any of the body', async () => {
    const { port } = new URL(server.baseUrl);
    const closed = await rawExchange((socket) => {
      socket.write(
        `POST /api/convert/test/to/linearize HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${10 * 1024 ** 3}\r\n\r\n`,
      );
    }, 10_000);
    expect(statusOf(closed.text)).toBe(413);
    expect(bodyOf(closed.text)).toMatchObject({ Code: 4130 });
  });

  it('answers 400 with a JSON error to a broken multipart body', async () => {
    const answer = await fetch(`${server.apiUrl}/convert/test/to/linearize`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      body: '--xyz\r\nContent-Disposition: form-data; name="File"; filename="a.pdf"\r\n\r\n%PDF-1.4 trunc',
    });
    expect(answer.status).toBe(400);
    const body = (await answer.json()) as { Code: number; Message: string };
    expect(body.Code).toBe(4000);
    expect(body.Message).not.toMatch(/\/dev\/shm|\/tmp\//);
    await stillServes();
  });
});
