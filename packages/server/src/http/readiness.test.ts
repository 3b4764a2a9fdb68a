/**
 * GET /readyz with engines really down: LibreOffice's instances killed while their restart cannot
 * start (the pool's profile folders turned into files, as an unwritable disk would), and Chromium's
 * executable missing. /readyz answers 503 naming the engine while it is down, /healthz (liveness)
 * still 200, and both engines come back by themselves once they can start again.
 */
import { rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentOfficePool } from '../engines/libreoffice';
import { CORPUS_DIR } from '../testing/corpus';
import { processesWith } from '../testing/process-tree';
import { startTestServer, type TestServer } from '../testing/test-server';

const RTF = join(CORPUS_DIR, 'office/french.rtf');
const HTML = join(CORPUS_DIR, 'html/acid2-reference.html');

interface ReadyBody {
  ready: boolean;
  Code?: number;
  Message?: string;
  down?: string[];
}

async function readyz(server: TestServer): Promise<{ status: number; body: ReadyBody }> {
  const answer = await fetch(`${server.apiUrl}/readyz`);
  return { status: answer.status, body: (await answer.json()) as ReadyBody };
}

/** Polls /readyz until it answers `status`; returns that answer. */
async function readyzBecomes(server: TestServer, status: number, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const answer = await readyz(server);
    if (answer.status === status || Date.now() > until) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('readyz while LibreOffice is down', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      libreOffice: { poolSize: 1, maxConversions: 100, isolateNetwork: false, python: '/usr/bin/python3' },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers 503 naming libreoffice when its instance died and cannot restart, then ready again', async () => {
    // Never used: the pool has not started, and readiness does not start it.
    expect(await readyz(server)).toEqual({ status: 200, body: { ready: true } });
    expect(currentOfficePool()).toBeUndefined();

    expect((await server.convert('office/to/pdf', {}, [RTF])).status).toBe(200);
    const pool = currentOfficePool();
    if (!pool) throw new Error('office/to/pdf made no LibreOffice pool');
    expect(pool.liveInstances).toBe(1);
    expect((await readyz(server)).status).toBe(200);

    // Its restart cannot write a profile: each slot's profile folder becomes a file.
    const profile = join(pool.root, 'profile-0');
    await rm(profile, { recursive: true, force: true });
    await writeFile(profile, 'not a folder');
    const instances = processesWith(pool.root);
    expect(instances.length).toBeGreaterThan(0);
    for (const instance of instances) process.kill(instance.pid, 'SIGKILL');

    const down = await readyzBecomes(server, 503);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ready: false, Code: 5030, down: ['libreoffice'] });
    expect(down.body.Message).toMatch(/LibreOffice has no running instance/);
    expect(pool.liveInstances).toBe(0);
    // Liveness is unaffected: the process serves, only LibreOffice's jobs cannot run.
    expect((await fetch(`${server.apiUrl}/healthz`)).status).toBe(200);
    // A job meanwhile is refused as the engine's fault, not the document's.
    const refused = await server.convert('office/to/pdf', {}, [RTF]);
    expect(refused.status).toBe(503);
    expect(refused.body.Code).toBe(5030);

    // The folder can be written again: readiness' own recovery starts an instance.
    await rm(profile, { force: true });
    const up = await readyzBecomes(server, 200);
    expect(up).toEqual({ status: 200, body: { ready: true } });
    expect(pool.liveInstances).toBe(1);
    expect((await server.convert('office/to/pdf', {}, [RTF])).status).toBe(200);
  }, 180_000);
});

describe('readyz while Chromium cannot be launched', () => {
  let server: TestServer;
  const chromiumPath = join(tmpdir(), `docstudio-readyz-chromium-${process.pid}`);
  beforeAll(async () => {
    await rm(chromiumPath, { force: true });
    server = await startTestServer({ chromiumPath });
  });
  afterAll(async () => {
    await server.close();
    await rm(chromiumPath, { force: true });
  });

  it('answers 503 naming chromium while its executable is missing, and ready once it launches', async () => {
    const missing = await readyz(server);
    expect(missing.status).toBe(503);
    expect(missing.body).toMatchObject({ ready: false, Code: 5030, down: ['chromium'] });
    expect(missing.body.Message).toMatch(/CHROMIUM_PATH/);
    const refused = await server.convert('html/to/pdf', {}, [HTML]);
    expect(refused.status).toBeGreaterThanOrEqual(500);

    // The operator installs it: the path now leads to Debian's Chromium.
    await symlink('/usr/bin/chromium', chromiumPath);
    const up = await readyzBecomes(server, 200);
    expect(up).toEqual({ status: 200, body: { ready: true } });
    const converted = await server.convert('html/to/pdf', {}, [HTML]);
    expect(converted.status).toBe(200);
    expect(converted.body.Files?.[0]?.FileExt).toBe('pdf');
  }, 120_000);
});
