import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../contract/errors';
import { answerTo, answerToRejection } from '../../testing/error-answers';
import {
  assertPublicUrl,
  checkAddress,
  fetchRemoteFile,
  startFilteringProxy,
  startSharedFilteringProxy,
} from './index';

/** A loopback server that records every request it sees: the guard must keep it at zero. */
let trap: http.Server;
let trapPort: number;
const trapHits: string[] = [];
/** An allowed test origin (exact host:port) that redirects to the trap. */
let origin: http.Server;
let originPort: number;

beforeAll(async () => {
  trap = http.createServer((req, res) => {
    trapHits.push(req.url ?? '');
    res.end('secret');
  });
  trap.on('connect', (req, socket) => {
    trapHits.push(`CONNECT ${req.url}`);
    socket.destroy();
  });
  await new Promise<void>((r) => trap.listen(0, '127.0.0.1', r));
  trapPort = (trap.address() as AddressInfo).port;
  origin = http.createServer((req, res) => {
    if (req.url === '/file.txt') {
      res.writeHead(200, {
        'content-type': 'text/plain',
        'content-disposition': 'attachment; filename="report.txt"',
      });
      res.end('hello');
    } else if (req.url === '/big') {
      res.end(Buffer.alloc(5000));
    } else if (req.url === '/slow') {
      res.write('x');
    } else {
      res.writeHead(302, { location: `http://127.0.0.1:${trapPort}/redirected` }).end();
    }
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  originPort = (origin.address() as AddressInfo).port;
});

afterAll(async () => {
  origin.closeAllConnections();
  await new Promise((r) => trap.close(r));
  await new Promise((r) => origin.close(r));
});

/** Every spelling of an internal target a user might send. {p} is the trap's port. */
const refusedUrls = [
  'http://127.0.0.1:{p}/',
  'http://127.1:{p}/',
  'http://127.0.1:{p}/',
  'http://2130706433:{p}/',
  'http://0x7f000001:{p}/',
  'http://0x7f.0x0.0x0.0x1:{p}/',
  'http://0177.0.0.1:{p}/',
  'http://017700000001:{p}/',
  'http://0177.1:{p}/',
  'http://127.000.000.001:{p}/',
  'HTTP://127.0.0.1:{p}/',
  'HtTp://LOCALHOST:{p}/',
  'http://localhost:{p}/',
  'http://localhost.:{p}/',
  'http://sub.localhost:{p}/',
  'http://internal.test:{p}/',
  'http://[::1]:{p}/',
  'http://[0:0:0:0:0:0:0:1]:{p}/',
  'http://[::ffff:127.0.0.1]:{p}/',
  'http://[::ffff:7f00:1]:{p}/',
  'http://[::ffff:0:7f00:1]:{p}/',
  'http://[64:ff9b::7f00:1]:{p}/',
  'http://[64:ff9b::a00:1]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:a9fe:a9fe::]/',
  'http://[::127.0.0.1]:{p}/',
  'http://[::]:{p}/',
  'http://0.0.0.0:{p}/',
  'http://0:{p}/',
  'http://0x0:{p}/',
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://172.16.0.1/',
  'http://172.31.255.254/',
  'http://192.168.1.1/',
  'http://100.64.0.1/',
  'http://100.127.255.255/',
  'http://169.254.169.254/latest/meta-data/',
  'http://0xa9fea9fe/',
  'http://2852039166/',
  'http://[fd00::1]/',
  'http://[fc00::1]/',
  'http://[fe80::1]/',
  'http://[fec0::1]/',
  'http://[ff02::1]/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  'http://198.18.0.1/',
  'http://192.0.2.1/',
  'http://[2001:db8::1]/',
  'http://[2001::1]/',
  'file:///etc/passwd',
  'FILE:///etc/passwd',
  'chrome://version',
  'ftp://127.0.0.1/',
  'gopher://127.0.0.1:{p}/',
  'data:text/html,<h1>x</h1>',
  'javascript:alert(1)',
  'ws://127.0.0.1:{p}/',
  'http://user:pass@example.com/',
  'not a url',
  '',
];

/** The test resolver: 'internal.test' is a name that resolves to loopback (DNS rebinding stand-in). */
const resolve = async (host: string): Promise<string[]> => {
  if (host === 'internal.test') return ['127.0.0.1'];
  if (host === 'mixed.test') return ['93.184.215.14', '10.0.0.1'];
  if (host === 'public.test') return ['93.184.215.14'];
  throw new Error('ENOTFOUND');
};

describe('assertPublicUrl', () => {
  it('has a table of at least 50 refused URL forms', () => {
    expect(refusedUrls.length).toBeGreaterThanOrEqual(50);
  });

  it.each(refusedUrls)('refuses %s with 400 / Code 5005 and a clear message', async (template) => {
    const url = template.replaceAll('{p}', String(trapPort));
    const error = await assertPublicUrl(url, { resolve }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(answerTo(error).status).toBe(400);
    expect((error as DomainError).code).toBe(5005);
    expect((error as DomainError).message).toMatch(/^Invalid URL: .{10,}/);
  });

  it('refuses a name when any of its addresses is private', async () => {
    await expect(assertPublicUrl('http://mixed.test/', { resolve })).rejects.toThrow(/private network/);
  });

  it('accepts a public host and says which address makes the others fail', async () => {
    await expect(assertPublicUrl('https://public.test/a?b=1', { resolve })).resolves.toBeInstanceOf(URL);
    await expect(assertPublicUrl('http://127.0.0.1/', { resolve })).rejects.toThrow(/loopback/);
    await expect(assertPublicUrl('http://[::ffff:10.1.2.3]/', { resolve })).rejects.toThrow(
      /private network/,
    );
  });

  it('allows exactly the configured origin and nothing next to it', async () => {
    const allowedOrigins = [`127.0.0.1:${originPort}`];
    await expect(
      assertPublicUrl(`http://127.0.0.1:${originPort}/x`, { allowedOrigins }),
    ).resolves.toBeInstanceOf(URL);
    await expect(assertPublicUrl(`http://127.0.0.1:${trapPort}/x`, { allowedOrigins })).rejects.toThrow(
      /loopback/,
    );
  });

  it('the trap saw no request', () => {
    expect(trapHits).toEqual([]);
  });
});

describe('checkAddress', () => {
  it.each([
    ['8.8.8.8', true],
    ['1.1.1.1', true],
    ['2606:4700:4700::1111', true],
    ['::ffff:8.8.8.8', true],
    ['100.63.255.255', true],
    ['100.128.0.0', true],
    ['172.32.0.1', true],
    ['100.64.0.0', false],
    ['::ffff:169.254.169.254', false],
    ['64:ff9b::c0a8:1', false],
    ['2002:c0a8:101::1', false],
    ['::', false],
  ])('%s allowed=%s', (address, allowed) => {
    expect(checkAddress(address).allowed).toBe(allowed);
  });
});

describe('fetchRemoteFile', () => {
  const limits = { maxBytes: 1000, timeoutMs: 3000 };

  it('downloads from an allowed origin with the Content-Disposition name', async () => {
    const file = await fetchRemoteFile(`http://127.0.0.1:${originPort}/file.txt`, {
      ...limits,
      allowedOrigins: [`127.0.0.1:${originPort}`],
    });
    expect(file.bytes?.toString()).toBe('hello');
    expect(file.fileName).toBe('report.txt');
    expect(file.contentType).toBe('text/plain');
  });

  it('refuses a loopback first URL with 5005', async () => {
    await expect(fetchRemoteFile(`http://127.0.0.1:${trapPort}/`, limits)).rejects.toMatchObject({
      code: 5005,
    });
  });

  it('re-checks the redirect from an allowed page to loopback and fails with 5007', async () => {
    const error = await fetchRemoteFile(`http://127.0.0.1:${originPort}/go`, {
      ...limits,
      allowedOrigins: [`127.0.0.1:${originPort}`],
    }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 5007 });
    expect((error as Error).message).toMatch(/redirect was refused.*loopback/);
  });

  it('stops at the size limit (413) and the time limit (504)', async () => {
    const opts = { allowedOrigins: [`127.0.0.1:${originPort}`] };
    await expect(
      answerToRejection(
        fetchRemoteFile(`http://127.0.0.1:${originPort}/big`, { ...opts, maxBytes: 1000, timeoutMs: 3000 }),
      ),
    ).resolves.toMatchObject({ code: 5007, status: 413 });
    await expect(
      answerToRejection(
        fetchRemoteFile(`http://127.0.0.1:${originPort}/slow`, { ...opts, maxBytes: 1000, timeoutMs: 500 }),
      ),
    ).resolves.toMatchObject({ code: 5007, status: 504 });
  });

  it('the trap saw no request', () => {
    expect(trapHits).toEqual([]);
  });
});

describe('filtering proxy (raw protocol)', () => {
  /** Sends one raw request to the proxy and returns its first response line. */
  const ask = (port: number, text: string): Promise<string> =>
    new Promise((done) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
      socket.once('data', (data) => {
        done(data.toString().split('\r\n')[0] ?? '');
        socket.destroy();
      });
      socket.on('error', () => done('error'));
    });

  it('refuses CONNECT and plain requests to loopback in any spelling, allows the exact origin', async () => {
    const proxy = await startFilteringProxy({ allowedOrigins: [`127.0.0.1:${originPort}`] });
    try {
      for (const host of [
        `127.0.0.1:${trapPort}`,
        `[::1]:${trapPort}`,
        `2130706433:${trapPort}`,
        `localhost:${trapPort}`,
      ]) {
        expect(await ask(proxy.port, `CONNECT ${host} HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toMatch(/403/);
        expect(await ask(proxy.port, `GET http://${host}/ HTTP/1.1\r\nHost: ${host}\r\n\r\n`)).toMatch(/403/);
      }
      expect(await ask(proxy.port, `GET ftp://127.0.0.1:${trapPort}/ HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(
        /403/,
      );
      const ok = await ask(
        proxy.port,
        `GET http://127.0.0.1:${originPort}/file.txt HTTP/1.1\r\nHost: x\r\n\r\n`,
      );
      expect(ok).toMatch(/200/);
      expect(proxy.blocked.length).toBe(9);
    } finally {
      await proxy.close();
    }
    expect(trapHits).toEqual([]);
  });

  it('a shared proxy asks for credentials and checks each request against the policy of its job', async () => {
    const proxy = await startSharedFilteringProxy();
    const allowed = proxy.register({ allowedOrigins: [`127.0.0.1:${originPort}`] });
    const offline = proxy.register({ denyAll: true });
    const auth = (tenant: { username: string; password: string }): string =>
      `Proxy-Authorization: Basic ${Buffer.from(`${tenant.username}:${tenant.password}`).toString('base64')}\r\n`;
    const get = (path: string, headers = ''): Promise<string> =>
      ask(proxy.port, `GET http://127.0.0.1:${originPort}${path} HTTP/1.1\r\nHost: x\r\n${headers}\r\n`);
    try {
      expect(await get('/file.txt')).toMatch(/407/);
      expect(await ask(proxy.port, `CONNECT 127.0.0.1:${originPort} HTTP/1.1\r\nHost: x\r\n\r\n`)).toMatch(
        /407/,
      );
      expect(await get('/file.txt', auth(allowed))).toMatch(/200/);
      expect(await get('/file.txt', auth(offline))).toMatch(/403/);
      expect(await get('/file.txt', auth({ username: 'job-x', password: 'guessed' }))).toMatch(/403/);
      expect(
        await ask(
          proxy.port,
          `GET http://127.0.0.1:${trapPort}/ HTTP/1.1\r\nHost: x\r\n${auth(allowed)}\r\n`,
        ),
      ).toMatch(/403/);
      expect(allowed.blocked.map((b) => b.target)).toEqual([`http://127.0.0.1:${trapPort}/`]);
      expect(offline.blocked.map((b) => b.target)).toEqual([`http://127.0.0.1:${originPort}/file.txt`]);
      allowed.release();
      expect(await get('/file.txt', auth(allowed))).toMatch(/403/);
    } finally {
      await proxy.close();
    }
    expect(trapHits).toEqual([]);
  });

  it('denyAll refuses even the allowed origin', async () => {
    const proxy = await startFilteringProxy({ denyAll: true, allowPrivate: true });
    try {
      expect(
        await ask(proxy.port, `GET http://127.0.0.1:${originPort}/file.txt HTTP/1.1\r\nHost: x\r\n\r\n`),
      ).toMatch(/403/);
    } finally {
      await proxy.close();
    }
  });
});
