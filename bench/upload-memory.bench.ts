/**
 * Peak server memory during a 100 MB upload, against the same server's idle RSS. The server runs in
 * a child process (as `npm start` runs it); RSS is read from /proc while a streamed multipart body
 * is sent. A server that buffered uploads would grow by about the file size; a streaming one by a
 * small constant.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const UPLOAD_BYTES = 100 * 1024 * 1024;

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

async function rssBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

async function waitForReady(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('server did not become ready');
}

/** Streams a multipart upload of `bytes` random bytes in 1 MiB writes, honouring backpressure. */
function streamUpload(port: number, token: string, bytes: number): Promise<{ status: number; body: string }> {
  const boundary = `----docstudio${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="File"; filename="big.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = randomBytes(1024 * 1024);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/upload',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + bytes + tail.length,
        },
      },
      (response) => {
        let body = '';
        response.on('data', (data: Buffer) => {
          body += data.toString();
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    let sent = 0;
    const pump = (): void => {
      while (sent < bytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bytes - sent));
        sent += piece.length;
        if (!req.write(piece)) {
          req.once('drain', pump);
          return;
        }
      }
      req.end(tail);
    };
    pump();
  });
}

export default async function uploadMemoryBench(): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'docstudio-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForReady(base, child);
    const pid = child.pid ?? 0;
    const { token } = (await (
      await fetch(`${base}/api/functions/generate-jwt`, { method: 'POST' })
    ).json()) as { token: string };
    // Warm the upload path once with a small file so lazy module loading is not counted as upload cost.
    await streamUpload(port, token, 1024 * 1024);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = await rssBytes(pid);

    let peak = idle;
    const sampler = setInterval(() => {
      void rssBytes(pid).then((rss) => {
        peak = Math.max(peak, rss);
      });
    }, 20);
    const started = performance.now();
    const answer = await streamUpload(port, token, UPLOAD_BYTES);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, await rssBytes(pid));

    const mb = (value: number): string => (value / (1024 * 1024)).toFixed(1);
    console.log(`upload status: ${answer.status} ${answer.body.slice(0, 80)}`);
    console.log(
      `upload size: ${mb(UPLOAD_BYTES)} MB in ${seconds.toFixed(2)} s (${mb(UPLOAD_BYTES / seconds)} MB/s, encrypted to disk)`,
    );
    console.log(`server idle RSS: ${mb(idle)} MB`);
    console.log(`server peak RSS during upload: ${mb(peak)} MB`);
    console.log(
      `growth: ${mb(peak - idle)} MB = ${((peak - idle) / UPLOAD_BYTES).toFixed(3)} x the upload size`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}
