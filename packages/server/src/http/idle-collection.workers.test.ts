/**
 * The server's main thread collects once a MuPDF worker thread has ended (engines/idle-collection.ts,
 * heldMemoryReleased, called by mupdf-worker/task-pool.ts): what it held for the worker is garbage
 * then, though its heap did not grow, and an idle server allocates nothing that would make V8 collect
 * it. A file of its own: its server ends its workers after 3 s, and the pool is the process's.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectGarbageWhenIdle, IDLE_BEFORE_COLLECTION_MS } from '../engines/idle-collection';
import { mupdfWorkerThreads } from '../engines/mupdf-worker';
import { CORPUS_DIR } from '../testing/corpus';
import { type ForcedCollections, watchForcedCollections } from '../testing/forced-collections';
import { startTestServer, type TestServer } from '../testing/test-server';

const IDLE_MS = IDLE_BEFORE_COLLECTION_MS.mainThread;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the main thread, once a MuPDF worker has ended', () => {
  let server: TestServer;
  let collections: ForcedCollections;

  beforeAll(async () => {
    collections = watchForcedCollections();
    collectGarbageWhenIdle(IDLE_MS);
    // 3 s: the main thread's own idle collection after the answer (1 s) comes well before the workers end
    server = await startTestServer({ workerIdleSeconds: 3 });
  });

  afterAll(async () => {
    collections.stop();
    await server.close();
  });

  it('collects a moment after, though no request came and its heap did not grow', async () => {
    const answer = await server.convert('pdf/to/jpg', {}, [join(CORPUS_DIR, 'pdf/pdflatex-4-pages.pdf')]);
    expect(answer.status).toBe(200);
    expect(mupdfWorkerThreads()).toBeGreaterThan(0);
    await expect.poll(mupdfWorkerThreads, { timeout: 8_000, interval: 20 }).toBe(0);
    const ended = performance.now();
    await pause(IDLE_MS + 600);
    // one per worker at most, if they ended more than the idle delay apart
    const after = collections.at.filter((at) => at >= ended);
    expect(after.length).toBeGreaterThanOrEqual(1);
    expect(after.length).toBeLessThanOrEqual(2);
  });
});
