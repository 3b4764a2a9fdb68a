/**
 * Load with the default settings: 200 concurrent mixed requests (rotate, merge, compress with the
 * real engines, and uploads) from one client against a real server. Every request gets an answer:
 * 200, or 429 with Retry-After and the JSON error (the API rate limit and the queue's limit both
 * apply at this load); none ends in a connection reset or EPIPE, not even those refused before their
 * body was read.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestServer } from '../testing/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

type Outcome = { status: number; retryAfter: string | null; code?: number } | { failed: string };

describe('load', () => {
  it('answers 200 concurrent mixed requests with 200 or 429, and resets none', async () => {
    const pdf = new Blob([await readFile(`${CORPUS_DIR}/pdf/pdflatex-4-pages.pdf`)], {
      type: 'application/pdf',
    });
    const token = await server.anonymousToken();
    const kinds = ['pdf/to/rotate', 'pdf/to/merge', 'pdf/to/compress', 'upload'] as const;

    const send = async (i: number): Promise<Outcome> => {
      const kind = kinds[i % kinds.length] ?? 'upload';
      const form = new FormData();
      if (kind === 'pdf/to/merge') {
        form.append('Files[0]', pdf, 'a.pdf');
        form.append('Files[1]', pdf, 'b.pdf');
      } else {
        form.append('File', pdf, 'a.pdf');
      }
      if (kind === 'pdf/to/rotate') form.append('RotatePage', '90');
      const path = kind === 'upload' ? '/upload' : `/convert/${kind}`;
      try {
        const answer = await fetch(`${server.apiUrl}${path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: form,
        });
        const body = (await answer.json()) as { Code?: number };
        return { status: answer.status, retryAfter: answer.headers.get('retry-after'), code: body.Code };
      } catch (error) {
        return { failed: String((error as Error & { cause?: unknown }).cause ?? error) };
      }
    };

    const outcomes = await Promise.all(Array.from({ length: 200 }, (_, i) => send(i)));
    const failed = outcomes.filter((outcome) => 'failed' in outcome);
    expect(failed).toEqual([]);
    const answered = outcomes as Array<Extract<Outcome, { status: number }>>;
    const ok = answered.filter((outcome) => outcome.status === 200);
    const refused = answered.filter((outcome) => outcome.status === 429);
    expect(ok.length + refused.length).toBe(200);
    expect(ok.length).toBeGreaterThan(0);
    for (const outcome of refused) {
      expect(Number(outcome.retryAfter)).toBeGreaterThanOrEqual(1);
      expect([4290, 4291]).toContain(outcome.code);
    }
    console.info(`load: ${ok.length} answered 200, ${refused.length} answered 429`);
  }, 180_000);
});
