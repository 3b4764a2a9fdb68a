/**
 * A batch of results saved at once (saveManyFromPaths, used for a conversion's results): every file
 * reads back byte for byte under its own name, in order, on the folder and the database backends, no
 * plaintext reaches the backend, and a batch that fails part-way leaves no row behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseFilesHolding } from '../testing/database-bytes';
import { startTestServer, type TestServer } from '../testing/test-server';
import { FILE_CHUNK_BYTES } from './file-backend';

const MARKER = 'DOCSTUDIO-BATCH-MARKER-2b7e page of a payslip';

let sources: string;
beforeAll(async () => {
  sources = await mkdtemp(join(tmpdir(), 'batch-sources-'));
});
afterAll(async () => {
  await rm(sources, { recursive: true, force: true });
});

async function dataFilesHolding(dir: string, text: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const hits: string[] = [];
  for (const entry of entries.filter((e) => e.isFile())) {
    const path = join(entry.parentPath, entry.name);
    if ((await readFile(path)).includes(text)) hits.push(path);
  }
  return hits;
}

describe.each(['folder', 'database'] as const)('a batch of results on the %s backend', (fileStore) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ fileStore });
  });
  afterAll(async () => {
    await server?.close();
  });
  const fileRows = async (): Promise<number> =>
    (await server.app.docstudio.db.selectFrom('files').select('id').execute()).length;

  it('stores every file, in order, encrypted, and reads each back byte for byte', async () => {
    const contents = Array.from({ length: 7 }, (_, i) =>
      Buffer.concat([Buffer.from(`${MARKER} ${i}`), randomBytes(1000 * i)]),
    );
    // and one read and written in several chunks (FILE_CHUNK_BYTES), each many encrypted records
    contents.push(
      Buffer.concat([Buffer.from(`${MARKER} large`), randomBytes(3 * FILE_CHUNK_BYTES + 12_345)]),
    );
    const paths = contents.map((_, i) => join(sources, `${fileStore}-${i}.jpg`));
    await Promise.all(paths.map((path, i) => writeFile(path, contents[i] as Buffer)));
    const stored = await server.app.docstudio.store.saveManyFromPaths(
      paths.map((path, i) => ({
        path,
        options: { ownerId: 'owner-a', fileName: `page-${i}.jpg`, kind: 'result' },
      })),
    );
    expect(stored.map((f) => f.fileName)).toEqual(contents.map((_, i) => `page-${i}.jpg`));
    expect(stored.map((f) => f.size)).toEqual(contents.map((c) => c.length));
    expect(new Set(stored.map((f) => f.id)).size).toBe(contents.length);
    for (const [i, file] of stored.entries()) {
      expect((await server.app.docstudio.store.get(file.id))?.ownerId).toBe('owner-a');
      const back = await buffer(server.app.docstudio.store.openDecrypted(file));
      expect(back.equals(contents[i] as Buffer)).toBe(true);
    }
    expect(await dataFilesHolding(server.dataDir, MARKER)).toEqual([]);
    if (fileStore === 'database') expect(await databaseFilesHolding(server.dataDir, MARKER)).toEqual([]);
  });

  it('stores a file given with its bytes from them, encrypted, without reading its path', async () => {
    // several encryption records and more than one database row, the marker in the last record
    const bytes = Buffer.concat([randomBytes(FILE_CHUNK_BYTES + 70_000), Buffer.from(`${MARKER} in memory`)]);
    const [file] = await server.app.docstudio.store.saveManyFromPaths([
      {
        path: join(sources, `${fileStore}-never-written.pdf`),
        bytes,
        options: { ownerId: 'owner-a', fileName: 'rotated.pdf', kind: 'result' },
      },
    ]);
    if (!file) throw new Error('the batch stored nothing');
    expect(file.size).toBe(bytes.length);
    const back = await buffer(server.app.docstudio.store.openDecrypted(file));
    expect(back.equals(bytes)).toBe(true);
    expect(await dataFilesHolding(server.dataDir, MARKER)).toEqual([]);
    if (fileStore === 'database') expect(await databaseFilesHolding(server.dataDir, MARKER)).toEqual([]);
  });

  it('leaves no row behind when one file of the batch cannot be read', async () => {
    const good = join(sources, `${fileStore}-good.jpg`);
    await writeFile(good, MARKER);
    const unreadable = join(sources, `${fileStore}-a-folder.jpg`);
    await mkdir(unreadable);
    const before = await fileRows();
    const batch = [good, unreadable, good].map((path) => ({
      path,
      options: { ownerId: 'owner-a', fileName: 'page.jpg', kind: 'result' as const },
    }));
    await expect(server.app.docstudio.store.saveManyFromPaths(batch)).rejects.toThrow(/EISDIR/);
    expect(await fileRows()).toBe(before);
  });
});
