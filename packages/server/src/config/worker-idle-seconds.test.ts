/**
 * WORKER_IDLE_SECONDS: read strictly (a typo stops the start), fractions allowed, and the server's
 * MuPDF workers end after that long idle.
 */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mupdfWorkerThreads } from '../engines/mupdf-worker';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestServer } from '../testing/test-server';
import { loadConfigFromEnv } from './config-from-env';

let server: TestServer | undefined;

afterAll(async () => {
  await server?.close();
});

describe('WORKER_IDLE_SECONDS', () => {
  it('is 10 s unless set, takes fractions, and refuses what is not a positive number at start-up', () => {
    expect(loadConfigFromEnv({}).workerIdleSeconds).toBe(10);
    expect(loadConfigFromEnv({ WORKER_IDLE_SECONDS: '1.5' }).workerIdleSeconds).toBe(1.5);
    expect(loadConfigFromEnv({ WORKER_IDLE_SECONDS: '30' }).workerIdleSeconds).toBe(30);
    for (const value of ['0', '-2', 'ten', '1.5s', '1e3', 'Infinity', '.']) {
      expect(() => loadConfigFromEnv({ WORKER_IDLE_SECONDS: value }), value).toThrow(/WORKER_IDLE_SECONDS/);
    }
  });

  it("ends the server's idle MuPDF workers after that time", async () => {
    // 3 s, not less: the workers must still be there when the answer has arrived, on a loaded machine
    server = await startTestServer({ workerIdleSeconds: 3 });
    const answer = await server.convert('pdf/to/jpg', {}, [join(CORPUS_DIR, 'pdf/pdflatex-4-pages.pdf')]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files).toHaveLength(4);
    const idleFrom = Date.now();
    expect(mupdfWorkerThreads()).toBeGreaterThan(0);
    // within 8 s: the default's 10 s would fail here
    await expect.poll(mupdfWorkerThreads, { timeout: 8_000, interval: 50 }).toBe(0);
    expect(Date.now() - idleFrom).toBeGreaterThanOrEqual(2_000);
  });
});
