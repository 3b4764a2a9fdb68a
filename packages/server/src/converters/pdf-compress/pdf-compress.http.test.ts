import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  corpusFile,
  createTestJob,
  exitCode,
  fileSize,
  pageCount,
  pageText,
  run,
  type TestJob,
} from '../../engines/pdf-tools.testing';
import { type ConvertedFileJson, startTestServer, type TestServer } from '../../testing/test-server';

let server: TestServer;
let job: TestJob;
beforeAll(async () => {
  server = await startTestServer();
  job = await createTestJob();
});
afterAll(async () => {
  await server.close();
  await job.cleanup();
});

const save = (file: ConvertedFileJson | undefined): Promise<string> =>
  server.saveResult(file as ConvertedFileJson, job.workDir);
void [exitCode, fileSize, pageCount, pageText, run];

describe('POST /convert/pdf/to/compress', () => {
  it('returns a smaller PDF for a scan', async () => {
    const source = corpusFile('pdf-scanned/camelot-image-table.pdf');
    const answer = await server.convert('pdf/to/compress', { Preset: 'web', StoreFile: 'true' }, [source]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe('camelot-image-table-compressed.pdf');
    const path = await save(answer.body.Files?.[0]);
    expect(await fileSize(path)).toBeLessThan((await fileSize(source)) / 2);
    expect(answer.body.Files?.[0]?.FileSize).toBe(await fileSize(path));
  });

  it('answers 400 for an unknown Preset and 422 for damaged or locked input', async () => {
    const bad = await server.convert('pdf/to/compress', { Preset: 'tiny' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.InvalidParameters).toHaveProperty('Preset');
    const damaged = await server.convert('pdf/to/compress', {}, [corpusFile('pdf-malformed/invalid.pdf')]);
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
    const locked = await server.convert('pdf/to/compress', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect([locked.status, locked.body.Code]).toEqual([422, 5003]);
  });
});
