/**
 * runEngine's guarantees hold through the engine spawner, checked on the real process table: engines
 * are the spawner's children (the server never forks itself for them), a timeout or an abort kills an
 * engine's grandchildren, a spawner that dies takes its engines with it and is replaced, and when the
 * server's process is killed outright nothing it started keeps running, nor when a request reaches the
 * spawner as the server goes.
 */
import { fork, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { answerToRejection } from '../../testing/error-answers';
import { processesWith, stillRunning } from '../../testing/process-tree';
import { engineRestarts } from '../engine-restarts';
import { runEngine } from '../run-engine';
import { spawnerPid } from './spawner';

/** A unique odd duration marks the sleeps of one test. */
function marker(): string {
  return `${3000 + randomBytes(2).readUInt16BE(0)}.${randomBytes(2).readUInt16BE(0)}`;
}
const sleeps = (mark: string) => processesWith(`sleep ${mark}`).filter((p) => p.comm === 'sleep');
/** An engine whose child starts a grandchild: `sh` → `sh` → `sleep`, twice. */
const nested = (mark: string): string[] => ['-c', `sh -c 'sleep ${mark}' & sh -c 'sleep ${mark}'; wait`];

describe('engines through the spawner', () => {
  it('starts engines as children of the spawner, not of the server', async () => {
    const { stdout } = await runEngine('sh', ['-c', 'echo $PPID'], { timeoutMs: 10_000 });
    const parent = Number(stdout.toString('utf8').trim());
    expect(parent).toBe(spawnerPid());
    expect(parent).not.toBe(process.pid);
  });

  it('passes stdin, the environment and the working folder, and keeps stdout bounded', async () => {
    const { stdout } = await runEngine(
      'sh',
      ['-c', 'cat; echo " $ENGINE_TEST_VALUE"; pwd; head -c 100000 /dev/zero'],
      {
        timeoutMs: 10_000,
        stdin: 'from stdin',
        env: { ENGINE_TEST_VALUE: 'from env' },
        cwd: '/tmp',
        maxStdout: 1000,
      },
    );
    expect(stdout.toString('utf8')).toMatch(/^from stdin from env\n\/tmp\n/);
    expect(stdout.length).toBeLessThan(100_000);
  });

  it('kills the grandchildren on timeout and on abort', async () => {
    const timedOut = marker();
    const run = runEngine('sh', nested(timedOut), { timeoutMs: 500 });
    await expect(answerToRejection(run)).resolves.toMatchObject({ status: 504, code: 5000 });
    await expect.poll(() => sleeps(timedOut).length, { timeout: 5000 }).toBe(0);

    const aborted = marker();
    const controller = new AbortController();
    const cancelled = runEngine('sh', nested(aborted), { timeoutMs: 60_000, signal: controller.signal });
    await expect.poll(() => sleeps(aborted).length, { timeout: 5000 }).toBe(2);
    controller.abort();
    await expect(cancelled).rejects.toBeDefined();
    await expect.poll(() => sleeps(aborted).length, { timeout: 5000 }).toBe(0);
  });

  it('an abort before the engine has started still leaves no process', async () => {
    const mark = marker();
    const controller = new AbortController();
    const run = runEngine('sleep', [mark], { timeoutMs: 60_000, signal: controller.signal });
    controller.abort();
    await expect(run).rejects.toBeDefined();
    // the spawner may report the start after the abort: the engine is killed then
    await runEngine('true', [], { timeoutMs: 10_000 });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
  });

  it('a crashed spawner takes its engines with it, their jobs fail as worth retrying, and a new one serves', async () => {
    await runEngine('true', [], { timeoutMs: 10_000 });
    const first = spawnerPid() as number;
    const restartsBefore = engineRestarts().get('spawner') ?? 0;
    const mark = marker();
    const run = runEngine('sh', nested(mark), { timeoutMs: 60_000 });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(2);
    process.kill(first, 'SIGKILL');
    await expect(answerToRejection(run)).resolves.toMatchObject({ status: 503, code: 5001 });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
    expect(engineRestarts().get('spawner')).toBe(restartsBefore + 1);

    const { stdout } = await runEngine('sh', ['-c', 'echo $PPID'], { timeoutMs: 10_000 });
    expect(Number(stdout.toString('utf8').trim())).toBe(spawnerPid());
    expect(spawnerPid()).not.toBe(first);
  });

  it('when the server process is killed outright, the spawner kills its engines and exits', async () => {
    const mark = marker();
    const runEngineModule = fileURLToPath(new URL('../run-engine.ts', import.meta.url));
    const server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        `const { runEngine } = await import(${JSON.stringify(runEngineModule)});
         await runEngine('sh', ${JSON.stringify(nested(mark))}, { timeoutMs: 60_000 });`,
      ],
      { stdio: 'ignore' },
    );
    try {
      await expect.poll(() => sleeps(mark).length, { timeout: 20_000 }).toBe(2);
      const spawners = processesWith('spawner-child.mjs').filter((p) => p.ppid === server.pid);
      expect(spawners).toHaveLength(1);
      server.kill('SIGKILL');
      await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
      await expect.poll(() => stillRunning(spawners.map((p) => p.pid)).length, { timeout: 5000 }).toBe(0);
    } finally {
      server.kill('SIGKILL');
    }
  });

  it('a request that arrives as the server goes starts no engine that outlives it', async () => {
    // The spawner is held still while the server asks for an engine and closes the channel, so it
    // reads the request before it notices the close: its answer then meets a closed channel (EPIPE).
    const mark = marker();
    const spawner = fork(fileURLToPath(new URL('./spawner-child.mjs', import.meta.url)), [], {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced', // as spawner.ts starts it
    });
    let stderr = '';
    spawner.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    const exited = new Promise<number | string | null>((resolve) =>
      spawner.once('exit', (code, signal) => resolve(code ?? signal)),
    );
    try {
      // it listens once it answers a first engine's end
      const ready = new Promise((resolve) =>
        spawner.on('message', (m: { type: string }) => m.type === 'done' && resolve(m)),
      );
      spawner.send({ type: 'run', id: 0, command: 'true', args: [], maxStdout: 100 });
      await ready;
      process.kill(spawner.pid as number, 'SIGSTOP');
      spawner.send({ type: 'run', id: 1, command: 'sleep', args: [mark], maxStdout: 100 });
      await new Promise((resolve) => setTimeout(resolve, 50));
      spawner.disconnect();
      process.kill(spawner.pid as number, 'SIGCONT');
      expect(await exited).toBe(0);
      expect(stderr).toBe('');
      await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
    } finally {
      spawner.kill('SIGKILL');
    }
  });
});
