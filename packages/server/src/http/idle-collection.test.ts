/**
 * The server's main thread collects its garbage once its requests have ended (app.ts counts them,
 * engines/idle-collection.ts collects), instead of keeping it until V8's memory reducer comes by.
 * This thread turns collecting on as main.ts does for the server's process, and watches the forced
 * full collections it runs (testing/forced-collections.ts).
 */

import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectGarbageWhenIdle, IDLE_BEFORE_COLLECTION_MS } from '../engines/idle-collection';
import { CORPUS_DIR } from '../testing/corpus';
import { type ForcedCollections, watchForcedCollections } from '../testing/forced-collections';
import { startTestServer, type TestServer } from '../testing/test-server';

const ONE_PAGE = join(CORPUS_DIR, 'pdf/crazyones.pdf');
/** A 117-page book of 1.8 MB: an upload that grows the heap enough to be worth collecting. */
const BOOK = join(CORPUS_DIR, 'pdf/GeoTopo-komprimiert.pdf');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The main thread's idle delay, as main.ts sets it. */
const IDLE_MS = IDLE_BEFORE_COLLECTION_MS.mainThread;
/** Long enough for the collection that follows the idle delay, and for its entry to be delivered. */
const AFTER_IDLE_MS = IDLE_MS + 400;

/** POSTs `body` to /api/upload in three parts, `gapMs` apart: one request in flight that long. */
function slowUpload(server: TestServer, token: string, body: Buffer, gapMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const sending = httpRequest(
      `${server.apiUrl}/upload`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/pdf',
          'content-disposition': 'attachment; filename="slow.pdf"',
          'content-length': body.length,
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    );
    sending.on('error', reject);
    const third = Math.ceil(body.length / 3);
    void (async () => {
      for (let at = 0; at < body.length; at += third) {
        sending.write(body.subarray(at, at + third));
        if (at + third < body.length) await pause(gapMs);
      }
      sending.end();
    })();
  });
}

describe('the main thread, once its requests have ended', () => {
  let server: TestServer;
  let collections: ForcedCollections;
  const forced = (): number[] => collections.at;

  beforeAll(async () => {
    collections = watchForcedCollections();
    collectGarbageWhenIdle(IDLE_MS);
    server = await startTestServer();
  });

  afterAll(async () => {
    collections.stop();
    await server.close();
  });

  it('collects its garbage a moment after the last answer, never between requests that follow closely', async () => {
    await pause(AFTER_IDLE_MS); // whatever the start-up left is collected first
    const started = performance.now();
    for (let i = 0; i < 6; i++) {
      const answer = await server.convert('pdf/to/rotate', { RotatePage: '90' }, [ONE_PAGE]);
      expect(answer.status).toBe(200);
    }
    const ended = performance.now();
    await pause(AFTER_IDLE_MS);
    expect(forced().filter((at) => at >= started && at < ended)).toEqual([]);
    expect(forced().filter((at) => at >= ended)).toHaveLength(1);
  });

  it('waits while a request is still in flight, however long it has been quiet and whatever ends meanwhile', async () => {
    const token = await server.anonymousToken();
    const book = await readFile(BOOK);
    await pause(AFTER_IDLE_MS);
    const started = performance.now();
    // two quiet spells of twice the idle delay inside one upload, and conversions that start and
    // end while it is in flight
    const uploading = slowUpload(server, token, book, 2 * IDLE_MS);
    for (let i = 0; i < 3; i++) {
      const answer = await server.convert('pdf/to/rotate', { RotatePage: '90' }, [ONE_PAGE]);
      expect(answer.status).toBe(200);
    }
    await pause(IDLE_MS + 100);
    expect(await uploading).toBe(200);
    const ended = performance.now();
    await pause(AFTER_IDLE_MS);
    expect(forced().filter((at) => at >= started && at < ended)).toEqual([]);
    expect(forced().filter((at) => at >= ended)).toHaveLength(1);
  });

  it('leaves the heap alone after requests that hardly grow it (health probes)', async () => {
    await pause(AFTER_IDLE_MS);
    const started = performance.now();
    for (let i = 0; i < 3; i++) {
      const probe = await fetch(`${server.apiUrl}/healthz`);
      expect(probe.status).toBe(200);
      await probe.text();
      await pause(AFTER_IDLE_MS);
    }
    expect(forced().filter((at) => at >= started)).toEqual([]);
  });
});
