/**
 * The engines' versions healthz reports: each the version the engine itself prints (checked against
 * running it directly), a missing or non-executable engine "not found" rather than found without a
 * version, and the probes run one after another at the lowest CPU priority so they never take the
 * cores from the server's answers and jobs.
 */
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeEngine, probeEngines } from './engine-versions';

const exec = promisify(execFile);
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'docstudio-versions-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe("the engines' versions", () => {
  it('are what the engines print themselves', async () => {
    const statuses = await probeEngines([
      { name: 'qpdf', command: 'qpdf', args: ['--version'] },
      { name: 'gs', command: 'gs', args: ['--version'] },
    ]);
    const qpdf = (await exec('qpdf', ['--version'])).stdout;
    const gs = (await exec('gs', ['--version'])).stdout.trim();
    expect(statuses.qpdf).toEqual({ found: true, version: expect.any(String) });
    expect(qpdf).toContain(`qpdf version ${statuses.qpdf?.version}`);
    expect(statuses.gs).toEqual({ found: true, version: gs });
  });

  it('say "not found" for an engine that is missing or not executable', async () => {
    const notExecutable = join(folder, 'engine-without-x');
    await writeFile(notExecutable, '#!/bin/sh\necho 1.2.3\n');
    expect(
      await probeEngine({ name: 'x', command: 'docstudio-no-such-engine', args: ['--version'] }),
    ).toEqual({
      found: false,
      version: null,
    });
    expect(await probeEngine({ name: 'x', command: notExecutable, args: [] })).toEqual({
      found: false,
      version: null,
    });
    await chmod(notExecutable, 0o755);
    expect(await probeEngine({ name: 'x', command: notExecutable, args: [] })).toEqual({
      found: true,
      version: '1.2.3',
    });
  });

  it('are probed at the lowest CPU priority, one engine at a time', async () => {
    const log = join(folder, 'probes.log');
    // each probe prints its niceness as a version and logs when it started and ended
    const probe = (name: string) => ({
      name,
      command: 'sh',
      args: [
        '-c',
        `echo "start ${name}" >> ${log}; sleep 0.2; echo "end ${name}" >> ${log}; echo "$(nice).0"`,
      ],
    });
    const statuses = await probeEngines([probe('a'), probe('b'), probe('c')]);
    expect(Object.values(statuses)).toEqual([
      { found: true, version: '19.0' },
      { found: true, version: '19.0' },
      { found: true, version: '19.0' },
    ]);
    expect((await readFile(log, 'utf8')).trim().split('\n')).toEqual([
      'start a',
      'end a',
      'start b',
      'end b',
      'start c',
      'end c',
    ]);
  });
});
