/**
 * Timeout counts time spent waiting in the queue: with one ghostscript slot busy for 14 s, a job sent
 * with Timeout=10 answers 504/5000 after 10 s without ever running, while the running job finishes.
 * And the queue itself lets a waiting job go when its deadline passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../contract/errors';
import { CORPUS_DIR } from '../testing/corpus';
import { answerTo } from '../testing/error-answers';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';
import { InProcessJobQueue } from './job-queue';

const crazyones = `${CORPUS_DIR}/pdf/crazyones.pdf`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ converters: pipelineConverters, engineConcurrency: { ghostscript: 1 } });
});
afterAll(async () => {
  await server.close();
});

describe('Timeout and the queue', () => {
  it('answers 504 to a job whose Timeout ran out while it waited, without running it', async () => {
    const busy = server.convert('test/to/sleep', { Seconds: '14', Timeout: '30' }, [crazyones]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = Date.now();
    const waited = await server.convert('test/to/sleep', { Seconds: '1', Timeout: '10' }, [crazyones]);
    const seconds = (Date.now() - started) / 1000;
    expect(waited.status).toBe(504);
    expect(waited.body).toMatchObject({ Code: 5000, Message: expect.stringMatching(/waited in the queue/) });
    expect(seconds).toBeGreaterThanOrEqual(9.5);
    expect(seconds).toBeLessThan(13);
    expect((await busy).status).toBe(200);
  }, 40_000);

  it('lets a waiting job leave the queue when its signal aborts, and never runs it', async () => {
    const queue = new InProcessJobQueue(10, { qpdf: 1 });
    let release = (): void => {};
    const first = queue.enqueue('qpdf', {}, () => new Promise<void>((resolve) => (release = resolve)));
    let ran = false;
    const second = queue.enqueue('qpdf', { signal: AbortSignal.timeout(100) }, async () => {
      ran = true;
    });
    const error = await second.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect(answerTo(error)).toMatchObject({ status: 504, code: 5000 });
    expect(queue.depth()).toMatchObject({ waiting: 0, running: 1 });
    release();
    await first;
    expect(ran).toBe(false);
  });
});
