/**
 * On PostgreSQL, what the database holds is ciphertext: a dump of every table shows no byte of an
 * uploaded document nor its name (in clear, hex as bytea is dumped, UTF-16 or base64), although the
 * document downloads intact. The sweeper deletes expired files' rows, bytes included, and an upload
 * refused half-way leaves no row behind.
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase } from '../../testing/postgres-server';
import { startTestServer, type TestServer } from '../../testing/test-server';

const MARKER = 'DOCSTUDIO-PG-MARKER-4b1e77 patient record of Jane Roe';
const NAME_MARKER = 'Roe-Jane-Discharge-Letter-9921';

/** Every form a copy of `text` could take in a pg_dump. */
const encodings = (text: string): string[] => [
  text,
  Buffer.from(text).toString('hex'),
  Buffer.from(text, 'utf16le').toString('hex'),
  Buffer.from(text).toString('base64').slice(0, 24),
];

let server: TestServer;
/** Files live under 2 s here, and its sweeper runs every 200 ms. */
let shortLived: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  shortLived = await startTestServer({ retentionMinutes: 0.03, sweepIntervalMs: 200 });
});
afterAll(async () => {
  await server?.close();
  await shortLived?.close();
});

async function upload(server: TestServer, content: string, name: string): Promise<string> {
  return server.upload(content.repeat(200), name);
}

/** Rows of `table` for one file id, read straight from the database. */
async function rowsOf(server: TestServer, table: 'files' | 'file_chunks', id: string): Promise<number> {
  const db = server.app.docstudio.db;
  const column = table === 'files' ? 'id' : 'file_id';
  return (await db.selectFrom(table).select(column).where(column, '=', id).execute()).length;
}

describe('the file store on PostgreSQL', () => {
  it('keeps no plaintext byte or name of a document in the database', async () => {
    const id = await upload(server, MARKER, `${NAME_MARKER}.txt`);
    const download = await fetch(`${server.apiUrl}/d/${id}`);
    // The marker is really in what was stored (so the dump below could show it) …
    expect(await download.text()).toContain(MARKER);
    expect(download.headers.get('content-disposition')).toContain(NAME_MARKER);
    expect(await rowsOf(server, 'file_chunks', id)).toBeGreaterThan(0);
    // … and nowhere in the database.
    const dump = (await dumpDatabase(server.app.docstudio.config.databaseUrl ?? '')).toLowerCase();
    expect(dump).toContain('file_chunks');
    for (const form of [...encodings(MARKER), ...encodings(NAME_MARKER)])
      expect(dump.includes(form.toLowerCase()), form).toBe(false);
  });

  it('deletes expired files, their rows and bytes', async () => {
    const id = await upload(shortLived, 'short-lived', 'note.txt');
    expect(await rowsOf(shortLived, 'file_chunks', id)).toBeGreaterThan(0);
    // Wait (bounded) until the sweeper has run past the file's retention.
    for (let tries = 0; tries < 100 && (await rowsOf(shortLived, 'files', id)) > 0; tries++)
      await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await rowsOf(shortLived, 'files', id)).toBe(0);
    expect(await rowsOf(shortLived, 'file_chunks', id)).toBe(0);
    expect((await fetch(`${shortLived.apiUrl}/d/${id}`)).status).toBe(404);
  });

  it('leaves no row of an upload refused past the size limit after rows were written', async () => {
    const limited = await startTestServer({ defaultMaxFileSize: 3 * 1024 * 1024 });
    try {
      // Chunked (no Content-Length), so the server cannot refuse it up front: the store writes rows
      // until the limit passes.
      const body = Readable.toWeb(
        Readable.from([randomBytes(2 * 1024 * 1024), randomBytes(3 * 1024 * 1024)]),
      );
      const refused = await limited.request('/api/upload', {
        method: 'POST',
        headers: { 'content-disposition': 'attachment; filename="big.bin"' },
        body: body as ReadableStream,
        duplex: 'half',
      } as RequestInit);
      expect(refused.status).toBe(413);
      const db = limited.app.docstudio.db;
      expect(await db.selectFrom('files').select('id').execute()).toEqual([]);
      expect(await db.selectFrom('file_chunks').select('file_id').execute()).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
