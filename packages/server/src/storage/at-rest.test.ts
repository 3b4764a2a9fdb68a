/**
 * What the database keeps, read as raw bytes the way someone holding the data folder would: file
 * names are sealed (never in clear, in the tables or the write-ahead log), a deleted or swept file
 * leaves neither its name nor its id behind, and conversion answers (which list names) are sealed.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { databaseFilesHolding } from '../testing/database-bytes';
import { linearizeConverter } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';

const NAME = 'Patient-Jane-Doe-Referral-41c7';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ converters: [linearizeConverter] });
});
afterAll(async () => server.close());

describe('file names at rest', () => {
  it('keeps the name sealed while the file exists and leaves neither name nor id after DELETE', async () => {
    const fileId = await server.upload('a short note', `${NAME}.txt`);
    // The name still reads back through the API...
    const download = await fetch(`${server.apiUrl}/d/${fileId}`);
    expect(download.headers.get('content-disposition')).toContain(`${NAME}.txt`);
    // ...but no database file holds it, while the id (the row's key) is there.
    expect(await databaseFilesHolding(server.dataDir, NAME)).toEqual([]);
    expect(await databaseFilesHolding(server.dataDir, fileId)).not.toEqual([]);

    const deleted = await server.request(`/api/d/${fileId}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await databaseFilesHolding(server.dataDir, fileId)).toEqual([]);
    expect(await databaseFilesHolding(server.dataDir, NAME)).toEqual([]);
    // The write-ahead log was folded into the database and truncated.
    expect((await stat(join(server.dataDir, 'docstudio.sqlite-wal'))).size).toBe(0);
  });

  it('leaves no trace of swept files either', async () => {
    const fileId = await server.upload('expires soon', `${NAME}-swept.txt`);
    const removed = await server.app.docstudio.store.sweepExpired(new Date(Date.now() + 365 * 86_400_000));
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await fetch(`${server.apiUrl}/d/${fileId}`)).status).toBe(404);
    expect(await databaseFilesHolding(server.dataDir, fileId)).toEqual([]);
  });

  it('seals conversion answers, which name the result files', async () => {
    const pdf = await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`);
    const answer = await server.convert('test/to/linearize', {}, [{ content: pdf, name: `${NAME}.pdf` }], {});
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe(`${NAME}-linearized.pdf`);
    expect(await databaseFilesHolding(server.dataDir, NAME)).toEqual([]);

    const started = await server.convert('test/to/linearize', { Async: 'true' }, [
      { content: pdf, name: `${NAME}.pdf` },
    ]);
    expect(started.status).toBe(202);
    let job: Response;
    do job = await server.request(`/api/job/${started.body.JobId}`);
    while (job.status === 202);
    const done = (await job.json()) as { Files: Array<{ FileName: string }> };
    expect(done.Files[0]?.FileName).toBe(`${NAME}-linearized.pdf`);
    expect(await databaseFilesHolding(server.dataDir, NAME)).toEqual([]);
  });
});
