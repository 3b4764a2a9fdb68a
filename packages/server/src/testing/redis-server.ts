/**
 * A throwaway Redis for tests and local clusters: Debian's redis-server on a free port of 127.0.0.1,
 * its folder temporary, no persistence (no RDB snapshots, no AOF), stopped and deleted after. A
 * Redis that cannot start is an error, never a skipped test.
 *
 *   const redis = await startRedisServer();
 *   … REDIS_URL=redis.url …
 *   await redis.stop();
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RedisServer {
  /** redis://127.0.0.1:<port> */
  url: string;
  port: number;
  pid: number;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/** Resolves once `PING` answers `+PONG` on the port, or rejects after `timeoutMs`. */
async function waitForPong(port: number, exited: Promise<unknown>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  while (Date.now() < until && !gone) {
    const answered = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ port, host: '127.0.0.1' }, () => socket.write('PING\r\n'));
      socket.once('data', (data) => {
        socket.destroy();
        resolve(data.toString().startsWith('+PONG'));
      });
      socket.once('error', () => resolve(false));
    });
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(gone ? 'redis-server exited before it answered' : 'redis-server did not answer in time');
}

export async function startRedisServer(binary = 'redis-server'): Promise<RedisServer> {
  const dir = await mkdtemp(join(tmpdir(), 'docstudio-redis-'));
  const port = await freePort();
  // BullMQ wants jobs kept under memory pressure: noeviction, never allkeys-lru.
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'no',
  ];
  const child: ChildProcess = spawn(
    binary,
    [...args, '--maxmemory-policy', 'noeviction', '--protected-mode', 'yes'],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString('utf8');
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.once('error', (error) => {
      errors += String(error);
      resolve();
    });
  });
  try {
    await waitForPong(port, exited);
  } catch (error) {
    child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}: ${errors.trim()}`);
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: child.pid as number,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
