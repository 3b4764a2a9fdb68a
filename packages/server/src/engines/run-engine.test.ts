/**
 * Engine processes never outlive their job: a helper an engine leaves running in the background is
 * killed when the engine exits, a timed-out engine is killed with its whole group, and the server's
 * close kills any group still running. Checked on the real process table.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answerToRejection } from '../testing/error-answers';
import { processesWith } from '../testing/process-tree';
import { killRunningEngines, runEngine } from './run-engine';

/** A shell that starts `sleep <unique seconds>` in the background; the odd duration marks our sleeps. */
function marker(): string {
  return `${3000 + randomBytes(2).readUInt16BE(0)}.${randomBytes(2).readUInt16BE(0)}`;
}
const sleeps = (mark: string) => processesWith(`sleep ${mark}`).filter((p) => p.comm === 'sleep');

describe('runEngine leaves no process behind', () => {
  it('kills what the engine left in the background when it exits', async () => {
    const mark = marker();
    await runEngine('sh', ['-c', `sleep ${mark} & echo started`], { timeoutMs: 10_000 });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
  });

  it('kills the whole group on timeout', async () => {
    const mark = marker();
    const run = runEngine('sh', ['-c', `sleep ${mark} & sleep ${mark}`], { timeoutMs: 300 });
    await expect(answerToRejection(run)).resolves.toMatchObject({ status: 504, code: 5000 });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
  });

  it('kills every running engine group when the server closes', async () => {
    const mark = marker();
    const run = runEngine('sh', ['-c', `sleep ${mark} & sleep ${mark}`], { timeoutMs: 60_000 }).catch(
      (error: unknown) => error,
    );
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(2);
    killRunningEngines();
    expect(await run).toMatchObject({ name: 'EngineExitError' });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
  });

  it('kills an engine the server closes on before the spawner reported it started', async () => {
    const mark = marker();
    const run = runEngine('sh', ['-c', `sleep ${mark} & sleep ${mark}`], { timeoutMs: 60_000 }).catch(
      (error: unknown) => error,
    );
    killRunningEngines(); // same tick: the spawner's `started` message cannot have arrived yet
    expect(await run).toMatchObject({ name: 'EngineExitError' });
    await expect.poll(() => sleeps(mark).length, { timeout: 5000 }).toBe(0);
  });
});

describe('runEngine hands engines only what they need of the environment', () => {
  it('passes PATH, the locale and the run tag, never the server secrets', async () => {
    const secret = `postgres://docstudio:${randomBytes(8).toString('hex')}@db.internal/docstudio`;
    const saved = { DATABASE_URL: process.env.DATABASE_URL, LANG: process.env.LANG };
    process.env.DATABASE_URL = secret;
    process.env.LANG = 'C.UTF-8';
    try {
      const { stdout } = await runEngine('env', [], { timeoutMs: 10_000 });
      const lines = stdout.toString('utf8').split('\n');
      expect(lines).toContain(`PATH=${process.env.PATH}`);
      expect(lines).toContain('LANG=C.UTF-8');
      expect(lines.some((line) => line.startsWith('DOCSTUDIO_ENGINE_RUN='))).toBe(true);
      expect(stdout.toString('utf8')).not.toContain(secret);
      expect(lines.some((line) => line.startsWith('DATABASE_URL='))).toBe(false);
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });
});
