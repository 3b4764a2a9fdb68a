/**
 * DOWNLOADS_REQUIRE_OWNER over real HTTP: a bare FileId downloads only with its owner's token (no
 * token or another user's reads as unknown, 404), result Urls are signed links that a browser can
 * follow without a header until they expire, and another user's FileId is refused as a File input.
 * Default servers keep the contract: the FileId alone downloads.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { linearizeConverter } from '../testing/pipeline-converters';
import { startTestServer, type TestServer } from '../testing/test-server';
import { signDownloadUrl } from './download-links';

let server: TestServer;
let alice: string;
let bob: string;
let pdf: Buffer;

const mint = async (): Promise<string> =>
  (
    (await (await fetch(`${server.apiUrl}/functions/generate-jwt`, { method: 'POST' })).json()) as {
      token: string;
    }
  ).token;

beforeAll(async () => {
  server = await startTestServer({ downloadsRequireOwner: true, converters: [linearizeConverter] });
  [alice, bob] = [await mint(), await mint()];
  pdf = await readFile(`${CORPUS_DIR}/pdf/crazyones.pdf`);
});
afterAll(async () => server.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function uploadAs(token: string): Promise<string> {
  const answer = await fetch(`${server.apiUrl}/upload`, {
    method: 'POST',
    headers: { ...bearer(token), 'content-disposition': "attachment; filename*=UTF-8''mine.pdf" },
    body: new Uint8Array(pdf),
  });
  expect(answer.status).toBe(200);
  return ((await answer.json()) as { FileId: string }).FileId;
}

async function expectUnknown(response: Response): Promise<void> {
  expect(response.status).toBe(404);
  expect(((await response.json()) as { Code: number }).Code).toBe(5009);
}

describe('DOWNLOADS_REQUIRE_OWNER', () => {
  it('downloads a bare FileId only with the owner token; others read it as unknown', async () => {
    const fileId = await uploadAs(alice);
    await expectUnknown(await fetch(`${server.apiUrl}/d/${fileId}`));
    await expectUnknown(await fetch(`${server.apiUrl}/d/${fileId}/mine.pdf`, { headers: bearer(bob) }));
    // The same answer as an id that never existed: nothing tells that the file is there.
    await expectUnknown(await fetch(`${server.apiUrl}/d/NoSuchFileId0123456789`, { headers: bearer(bob) }));
    const own = await fetch(`${server.apiUrl}/d/${fileId}`, { headers: bearer(alice) });
    expect(own.status).toBe(200);
    expect(Buffer.from(await own.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('answers signed result Urls that download without a header until they expire', async () => {
    const answer = await server.convert('test/to/linearize', {}, [{ content: pdf, name: 'mine.pdf' }], {
      token: alice,
    });
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    if (!file) throw new Error('no result');
    const url = new URL(file.Url);
    expect(url.searchParams.get('signature')).toMatch(/^[\w-]{43}$/);
    // A browser's <a href download>: no Authorization header.
    const plain = await fetch(file.Url);
    expect(plain.status).toBe(200);
    expect((await plain.arrayBuffer()).byteLength).toBe(file.FileSize);

    const tampered = new URL(file.Url);
    const signature = tampered.searchParams.get('signature') ?? '';
    tampered.searchParams.set('signature', `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`);
    await expectUnknown(await fetch(tampered));
    const longer = new URL(file.Url);
    longer.searchParams.set('expires', String(Number(longer.searchParams.get('expires')) + 3600));
    await expectUnknown(await fetch(longer));
    url.search = '';
    await expectUnknown(await fetch(url));
    const expired = signDownloadUrl(
      server.app.docstudio,
      url.href,
      file.FileId,
      (await server.app.docstudio.store.get(file.FileId))?.ownerId ?? '',
      Date.now() - 2 * 60 * 60_000,
    );
    await expectUnknown(await fetch(expired));
  });

  it('signs the Urls of an Async job afresh for each answer', async () => {
    const started = await server.convert(
      'test/to/linearize',
      { Async: 'true' },
      [{ content: pdf, name: 'a.pdf' }],
      {
        token: alice,
      },
    );
    expect(started.status).toBe(202);
    let job: Response;
    do job = await fetch(`${server.apiUrl}/job/${started.body.JobId}`, { headers: bearer(alice) });
    while (job.status === 202);
    const { Files } = (await job.json()) as { Files: Array<{ Url: string }> };
    expect((await fetch(Files[0]?.Url ?? '')).status).toBe(200);
  });

  it('refuses another user FileId or bare Url as a File input, and takes the owner own', async () => {
    const fileId = await uploadAs(alice);
    const asBob = await server.convert('test/to/linearize', { File: fileId }, [], { token: bob });
    expect(asBob.status).toBe(404);
    expect(asBob.body.Code).toBe(5009);
    const byUrl = await server.convert(
      'test/to/linearize',
      { File: `${server.apiUrl}/d/${fileId}/mine.pdf` },
      [],
      {
        token: bob,
      },
    );
    expect(byUrl.status).toBe(404);
    const asAlice = await server.convert('test/to/linearize', { File: fileId }, [], { token: alice });
    expect(asAlice.status).toBe(200);
    // A signed link the owner handed over works as an input too, like it works as a download.
    const signed = asAlice.body.Files?.[0]?.Url ?? '';
    expect((await server.convert('test/to/linearize', { File: signed }, [], { token: bob })).status).toBe(
      200,
    );
  });
});

describe('default: the FileId alone downloads', () => {
  it('serves a bare FileId to anyone and answers plain Urls', async () => {
    const open = await startTestServer({ converters: [linearizeConverter] });
    try {
      const answer = await open.convert('test/to/linearize', {}, [{ content: pdf, name: 'mine.pdf' }]);
      const file = answer.body.Files?.[0];
      expect(file?.Url).toBe(`${open.apiUrl}/d/${file?.FileId}/mine-linearized.pdf`);
      expect((await fetch(`${open.apiUrl}/d/${file?.FileId}`)).status).toBe(200);
      const stranger = await (
        await fetch(`${open.apiUrl}/functions/generate-jwt`, { method: 'POST' })
      ).json();
      const other = await open.convert('test/to/linearize', { File: file?.FileId ?? '' }, [], {
        token: (stranger as { token: string }).token,
      });
      expect(other.status).toBe(200);
    } finally {
      await open.close();
    }
  });
});
