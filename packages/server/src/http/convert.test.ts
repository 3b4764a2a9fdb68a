/**
 * The convert pipeline over real HTTP: success with a real qpdf job, and every error status of the
 * contract, with test-only converters that run real processes (qpdf, sleep).
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { pipelineConverters } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const corpus = CORPUS_DIR;
const crazyones = `${corpus}/pdf/crazyones.pdf`;
const fourPages = `${corpus}/pdf/pdflatex-4-pages.pdf`;

let server: TestServer;
let scratch: string;

beforeAll(async () => {
  server = await startTestServer({ converters: pipelineConverters });
  scratch = await mkdtemp(join(tmpdir(), 'convert-test-'));
});
afterAll(async () => {
  await server.close();
  await rm(scratch, { recursive: true, force: true });
});

const pagesOf = (path: string): number =>
  Number(execFileSync('qpdf', ['--show-npages', path], { encoding: 'utf8' }).trim());

describe('POST /api/convert', () => {
  it('converts with a real engine and answers the contract shape with absolute Urls', async () => {
    const answer = await server.convert('test/to/linearize', {}, [fourPages]);
    expect(answer.status).toBe(200);
    expect(answer.body.ConversionCost).toBeGreaterThan(0);
    expect(answer.body.ConversionTime).toBeGreaterThanOrEqual(1);
    const [file] = answer.body.Files ?? [];
    expect(file?.FileName).toBe('pdflatex-4-pages-linearized.pdf');
    expect(file?.FileExt).toBe('pdf');
    expect(file?.FileId).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(file?.Url).toBe(`${server.apiUrl}/d/${file?.FileId}/pdflatex-4-pages-linearized.pdf`);
    if (!file) return;
    const saved = await server.saveResult(file, scratch);
    expect((await readFile(saved)).length).toBe(file.FileSize);
    expect(pagesOf(saved)).toBe(4);
    expect(execFileSync('qpdf', ['--check-linearization', saved], { encoding: 'utf8' })).toMatch(
      /no linearization errors/,
    );
  });

  it('keeps Files[i] order for multi-file converters', async () => {
    const answer = await server.convert('test/to/merge', {}, [fourPages, crazyones]);
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    if (!file) throw new Error('no file');
    const saved = await server.saveResult(file, scratch);
    expect(pagesOf(saved)).toBe(5);
    const lastPage = execFileSync('pdftotext', ['-f', '5', '-l', '5', saved, '-'], { encoding: 'utf8' });
    expect(lastPage).toMatch(/crazy ones/i);
  });

  it('answers 400 with InvalidParameters from the converter, for missing files and a bad Timeout', async () => {
    const bad = await server.convert('test/to/linearize', { Pages: 'many' }, [crazyones]);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      Code: 4000,
      InvalidParameters: { Pages: ['Pages must be a whole number.'] },
    });

    const missing = await server.convert('test/to/linearize', {}, []);
    expect(missing.status).toBe(400);
    expect(missing.body.InvalidParameters?.File).toEqual(['File is required.']);

    const one = await server.convert('test/to/merge', {}, [crazyones], { multi: true });
    expect(one.status).toBe(400);
    expect(one.body.InvalidParameters?.Files).toEqual(['At least 2 files are required.']);

    const timeout = await server.convert('test/to/linearize', { Timeout: '5' }, [crazyones]);
    expect(timeout.status).toBe(400);
    expect(timeout.body.InvalidParameters?.Timeout?.[0]).toMatch(/10 to 1200/);
  });

  it('answers 400 for an empty file', async () => {
    const answer = await server.convert('test/to/linearize', {}, [`${corpus}/pdf-malformed/empty.pdf`]);
    expect(answer.status).toBe(400);
    expect(answer.body.InvalidParameters?.File).toEqual(['The file is empty.']);
  });

  it('answers 401 without a token and with a garbage token', async () => {
    const none = await server.convert('test/to/linearize', {}, [crazyones], { token: null });
    expect(none.status).toBe(401);
    expect(none.body.Code).toBe(4010);
    const garbage = await server.convert('test/to/linearize', {}, [crazyones], { token: 'not.a.token' });
    expect(garbage.status).toBe(401);
    expect(garbage.body.Code).toBe(4011);
  });

  it('answers 404 for an unknown converter', async () => {
    const answer = await server.convert('pdf/to/teleport', {}, [crazyones]);
    expect(answer.status).toBe(404);
    expect(answer.body.Message).toMatch(/pdf\/to\/teleport/);
  });

  it('answers 413 for a streamed upload over the tool limit and stays up', async () => {
    const big = Buffer.alloc(6 * 1024 * 1024, 0x20);
    big.write('%PDF-1.4\n');
    const answer = await server.convert('test/to/linearize', {}, [{ content: big, name: 'big.pdf' }]);
    expect(answer.status).toBe(413);
    expect(answer.body.Code).toBe(4130);
    // The limit in MB (linearize's 2 MB), as a person reads sizes.
    expect(answer.body.Message).toMatch(/limit of 2 MB\.$/);
    const after = await server.convert('test/to/linearize', {}, [crazyones]);
    expect(after.status).toBe(200);
  });

  it('answers 415 when the bytes are not what the name says, or the type is not accepted', async () => {
    const zipAsPdf = await server.convert('test/to/linearize', {}, [
      { path: `${corpus}/office/having-images.docx`, name: 'report.pdf' },
    ]);
    expect(zipAsPdf.status).toBe(415);
    expect(zipAsPdf.body.Code).toBe(4150);
    const pngAsPdf = await server.convert('test/to/linearize', {}, [
      { path: `${corpus}/images/pil123rgba.png`, name: 'scan.pdf' },
    ]);
    expect(pngAsPdf.status).toBe(415);
    const docx = await server.convert('test/to/linearize', {}, [`${corpus}/office/having-images.docx`]);
    expect(docx.status).toBe(415);
    expect(docx.body.Message).toMatch(/File type must be pdf/);
  });

  it('answers 422 for damaged and password-protected inputs', async () => {
    const damaged = await server.convert('test/to/linearize', {}, [`${corpus}/pdf-malformed/invalid.pdf`]);
    expect(damaged.status).toBe(422);
    expect(damaged.body.Code).toBe(5002);
    const locked = await server.convert('test/to/linearize', {}, [
      `${corpus}/pdf-encrypted/r6-both-passwords.pdf`,
    ]);
    expect(locked.status).toBe(422);
    expect(locked.body.Code).toBe(5003);
  });

  it('turns an engine failure and a converter bug into 5001/500 without crashing', async () => {
    const engine = await server.convert('test/to/engine-failure', {}, [crazyones]);
    expect(engine.status).toBe(500);
    expect(engine.body).toEqual({ Code: 5001, Message: 'Conversion failed.' });
    const crash = await server.convert('test/to/crash', {}, [crazyones]);
    expect(crash.status).toBe(500);
    expect(crash.body.Code).toBe(5001);
    expect((await fetch(`${server.apiUrl}/readyz`)).status).toBe(200);
  });

  it('answers 504 when the job passes its Timeout, and kills the engine', async () => {
    const started = Date.now();
    // a duration no other test run on this machine uses, so the process check below sees only this one
    const seconds = String(1000 + Math.floor(Math.random() * 8000));
    const answer = await server.convert('test/to/sleep', { Timeout: '10', Seconds: seconds }, [crazyones]);
    expect(answer.status).toBe(504);
    expect(answer.body.Code).toBe(5000);
    expect(Date.now() - started).toBeLessThan(20_000);
    const sleeping = () =>
      execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim() === `sleep ${seconds}`);
    // killed when the answer went out; on a loaded machine the kernel may take a moment to end it
    await expect.poll(sleeping, { timeout: 2000, interval: 50 }).toEqual([]);
  });
});

describe('queue limits', () => {
  it('answers 429 with Retry-After when the queue is full', async () => {
    const small = await startTestServer({ converters: pipelineConverters, maxQueue: 1 });
    try {
      const slow = small.convert('test/to/sleep', { Seconds: '3' }, [crazyones]);
      await new Promise((resolve) => setTimeout(resolve, 700));
      const refused = await small.convert('test/to/linearize', {}, [crazyones]);
      expect(refused.status).toBe(429);
      expect(refused.body.Code).toBe(4290);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await slow).status).toBe(200);
      expect((await small.convert('test/to/linearize', {}, [crazyones])).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('runs at most the engine concurrency at once', async () => {
    const limited = await startTestServer({
      converters: pipelineConverters,
      engineConcurrency: { ghostscript: 1 },
    });
    try {
      const started = Date.now();
      const answers = await Promise.all(
        [1, 2].map(() => limited.convert('test/to/sleep', { Seconds: '2' }, [crazyones])),
      );
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(4000);
    } finally {
      await limited.close();
    }
  });
});

describe('Async jobs', () => {
  it('answers {JobId}, then 202 while running and 200 with the result', async () => {
    const started = await server.convert('test/to/sleep', { Seconds: '2', Async: 'true' }, [crazyones]);
    expect(started.status).toBe(202);
    const jobId = started.body.JobId;
    expect(jobId).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    const running = await server.request(`/api/job/${jobId}`);
    expect(running.status).toBe(202);
    let done: Response | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const response = await server.request(`/api/job/${jobId}`);
      if (response.status !== 202) {
        done = response;
        break;
      }
    }
    expect(done?.status).toBe(200);
    const result = (await done?.json()) as { Files: Array<{ Url: string }> };
    const pdf = await server.download(result.Files[0]?.Url ?? '');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const stranger = await (
      await fetch(`${server.apiUrl}/functions/generate-jwt`, { method: 'POST' })
    ).json();
    const hidden = await fetch(`${server.apiUrl}/job/${jobId}`, {
      headers: { authorization: `Bearer ${stranger.token}` },
    });
    expect(hidden.status).toBe(404);
    expect((await server.request('/api/job/AAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
  });

  it('keeps a record only of an Async job: a synchronous one, answered or refused, leaves none', async () => {
    // nobody could read it (a synchronous answer names no JobId), and it would hold a sealed copy of
    // the answer until the retention ends
    const records = async (): Promise<string[]> =>
      (await server.app.docstudio.db.selectFrom('jobs').select('id').execute()).map((row) => row.id);
    const before = await records();
    expect((await server.convert('test/to/linearize', {}, [crazyones])).status).toBe(200);
    const refused = await server.convert('test/to/linearize', {}, [`${corpus}/pdf-malformed/invalid.pdf`]);
    expect(refused.status).toBe(422);
    expect(await records()).toEqual(before);
    const started = await server.convert('test/to/linearize', { Async: 'true' }, [crazyones]);
    expect(started.status).toBe(202);
    expect((await records()).filter((id) => !before.includes(id))).toEqual([started.body.JobId]);
  });

  it('stores a failed async job as its error answer', async () => {
    const started = await server.convert('test/to/linearize', { Async: 'true' }, [
      `${corpus}/pdf-malformed/invalid.pdf`,
    ]);
    expect(started.status).toBe(202);
    let response: Response | undefined;
    for (let attempt = 0; attempt < 40; attempt++) {
      response = await server.request(`/api/job/${started.body.JobId}`);
      if (response.status !== 202) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    if (!response) throw new Error('no answer');
    expect(response.status).toBe(422);
    expect(((await response.json()) as { Code: number }).Code).toBe(5002);
  });
});

describe('the real converter table', () => {
  it('resolves the catalogue alias pdf/merge to the pdf/to/merge converter', async () => {
    const real = await startTestServer();
    try {
      const answer = await real.convert('pdf/merge', {}, [crazyones, fourPages]);
      expect(answer.status).toBe(200);
      const file = answer.body.Files?.[0];
      if (!file) throw new Error('no result');
      expect(pagesOf(await real.saveResult(file, scratch))).toBe(5);
    } finally {
      await real.close();
    }
  });
});
