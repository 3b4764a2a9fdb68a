/**
 * The storage key: STORAGE_KEY keeps every key file out of the data folder, and a rotation
 * (STORAGE_KEY new, STORAGE_KEY_PREVIOUS old) keeps old files, names and job answers readable while
 * new ones use the new key; once the previous key is dropped, what it sealed reads as gone.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { linearizeConverter } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';
import { loadKeyRing } from './key-ring';
import { openText, sealText } from './sealed-text';

const keyA = randomBytes(32).toString('hex');
const keyB = randomBytes(32).toString('hex');
const folders: string[] = [];

async function dataFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'docstudio-keys-test-'));
  folders.push(dir);
  return dir;
}
afterEach(async () => {
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function download(
  server: TestServer,
  fileId: string,
): Promise<{ status: number; text: string; name: string }> {
  const answer = await fetch(`${server.apiUrl}/d/${fileId}`);
  return {
    status: answer.status,
    text: await answer.text(),
    name: answer.headers.get('content-disposition') ?? '',
  };
}

describe('storage key', () => {
  it('writes and reads no key file in the data folder when STORAGE_KEY is given', async () => {
    const dataDir = await dataFolder();
    const server = await startTestServer({ dataDir, storageKeyHex: keyA });
    try {
      const fileId = await server.upload('kept with the given key', 'note.txt');
      expect((await download(server, fileId)).text).toBe('kept with the given key');
      const keyFiles = await readdir(join(dataDir, 'keys')).catch(() => [] as string[]);
      expect(keyFiles).not.toContain('storage.key');
    } finally {
      await server.close();
    }
  });

  it('rotates: old files open with STORAGE_KEY_PREVIOUS, new ones use the new key, workflow passwords move over', async () => {
    const dataDir = await dataFolder();
    const first = await startTestServer({ dataDir, storageKeyHex: keyA, converters: [linearizeConverter] });
    // Workflows are a signed-in account's: the job and the workflow below are this account's.
    const token = await first.signIn();
    const oldFile = await first.upload('written under key A', 'before-rotation.txt');
    const pdf = await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`);
    const started = await first.convert('test/to/linearize', { Async: 'true' }, [
      { content: pdf, name: 'a.pdf' },
    ]);
    let jobAnswer: Response;
    do jobAnswer = await first.request(`/api/job/${started.body.JobId}`);
    while (jobAnswer.status === 202);
    const created = await first.request('/api/workflows/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Lock',
        steps: [{ order: 1, endpoint: 'pdf/to/protect', parameters: { UserPassword: 'Rotated-Lock-8812' } }],
      }),
    });
    const workflowId = ((await created.json()) as { Id: string }).Id;
    await first.close();

    const rotated = await startTestServer({
      dataDir,
      storageKeyHex: keyB,
      previousStorageKeyHex: keyA,
      converters: [linearizeConverter],
    });
    let newFile: string;
    try {
      const old = await download(rotated, oldFile);
      expect(old).toMatchObject({ status: 200, text: 'written under key A' });
      expect(old.name).toContain('before-rotation.txt');
      // The job answer sealed under key A still reads.
      const job = await fetch(`${rotated.apiUrl}/job/${started.body.JobId}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(job.status).toBe(200);
      newFile = await rotated.upload('written under key B', 'after-rotation.txt');
      const keyIds = await rotated.app.docstudio.db.selectFrom('files').select(['id', 'key_id']).execute();
      const ring = rotated.app.docstudio.keys;
      expect(keyIds.find((row) => row.id === oldFile)?.key_id).toBe(ring.previous?.id);
      expect(keyIds.find((row) => row.id === newFile)?.key_id).toBe(ring.current.id);
    } finally {
      await rotated.close();
    }

    // The previous key dropped (its files have expired in real life): new files still open, old ones
    // are gone, and the workflow password (sealed again under key B at the rotated start) still works.
    const after = await startTestServer({ dataDir, storageKeyHex: keyB });
    try {
      expect(await download(after, newFile)).toMatchObject({ status: 200, text: 'written under key B' });
      expect((await download(after, oldFile)).status).toBe(404);
      const form = new FormData();
      form.append('File', new Blob([pdf]), 'a.pdf');
      const asOwner = { authorization: `Bearer ${token}` };
      const run = await fetch(`${after.apiUrl}/workflows/run/${workflowId}`, {
        method: 'POST',
        headers: asOwner,
        body: form,
      });
      expect(run.status).toBe(202);
      const { JobId } = (await run.json()) as { JobId: string };
      let job: Response;
      do job = await fetch(`${after.apiUrl}/job/${JobId}`, { headers: asOwner });
      while (job.status === 202);
      const { Files } = (await job.json()) as { Files: Array<{ Url: string }> };
      const locked = join(dataDir, 'locked.pdf');
      await writeFile(locked, Buffer.from(await (await fetch(Files[0]?.Url ?? '')).arrayBuffer()));
      expect(spawnSync('qpdf', ['--requires-password', locked]).status).toBe(0);
      expect(spawnSync('qpdf', ['--password=Rotated-Lock-8812', '--check', locked]).status).toBe(0);
    } finally {
      await after.close();
    }
  });

  it('seals with the current key only and opens with either', () => {
    const dir = tmpdir();
    const ringA = loadKeyRing(dir, keyA);
    const ringB = loadKeyRing(dir, keyB, keyA);
    const sealed = sealText(ringA, 'workflow-secrets', 'row-1', 'open sesame');
    expect(sealed).not.toContain('open sesame');
    expect(openText(ringB, 'workflow-secrets', 'row-1', sealed)).toBe('open sesame');
    expect(sealText(ringB, 'workflow-secrets', 'row-1', 'x').split('.')[1]).toBe(ringB.current.id);
    // Bound to its row and purpose, and unreadable without its key.
    expect(() => openText(ringB, 'workflow-secrets', 'row-2', sealed)).toThrow(/could not be opened/);
    expect(() => openText(ringB, 'file-names', 'row-1', sealed)).toThrow(/could not be opened/);
    expect(() => openText(loadKeyRing(dir, keyB), 'workflow-secrets', 'row-1', sealed)).toThrow(
      /does not hold/,
    );
    expect(() => loadKeyRing(dir, 'abc')).toThrow(/64 hex digits/);
  });
});
