/**
 * GET /api/zip over real HTTP with the real split converter: the archive holds every part under its
 * name, byte for byte as the single downloads, and opens with unzip; an unknown FileId is a 404
 * before any byte; with DOWNLOADS_REQUIRE_OWNER a stranger gets 404 and the owner (bearer) or the
 * parts' own link signatures get the archive.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../testing';
import { corpusFile, pageCount } from '../testing/pdf-tools';
import type { ConvertedFileJson, TestServer } from '../testing/test-server';

const { server } = useHttpTestServer();
const bound = useHttpTestServer({ downloadsRequireOwner: true });

async function splitEveryPage(target: TestServer, token?: string): Promise<ConvertedFileJson[]> {
  const answer = await target.convert(
    'pdf/to/split',
    { SplitByPattern: '1' },
    [corpusFile('pdf/pdflatex-4-pages.pdf')],
    {
      ...(token ? { token } : {}),
    },
  );
  expect(answer.status).toBe(200);
  return answer.body.Files ?? [];
}

/** Saves the answer and lists the archive with unzip, as a person checking it would. */
async function unzipped(response: Response): Promise<{ dir: string; listing: string }> {
  const dir = await mkdtemp(join(tmpdir(), 'docstudio-zip-'));
  const archive = join(dir, 'parts.zip');
  await writeFile(archive, Buffer.from(await response.arrayBuffer()));
  const listing = execFileSync('unzip', ['-l', archive], { encoding: 'utf8' });
  execFileSync('unzip', ['-q', archive, '-d', join(dir, 'out')]);
  return { dir: join(dir, 'out'), listing };
}

const idsOf = (files: ConvertedFileJson[]) => files.map((file) => file.FileId).join(',');

describe('GET /api/zip', () => {
  it('streams every part of a split as one archive that unzip opens', async () => {
    const parts = await splitEveryPage(server());
    expect(parts).toHaveLength(4);
    const response = await fetch(`${server().apiUrl}/zip?files=${idsOf(parts)}&name=pdflatex-4-pages`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('filename="pdflatex-4-pages.zip"');
    const { dir, listing } = await unzipped(response);
    for (const part of parts) expect(listing).toContain(part.FileName);
    expect((await readdir(dir)).sort()).toEqual(parts.map((part) => part.FileName).sort());
    for (const part of parts) {
      expect(await pageCount(join(dir, part.FileName))).toBe(1);
      const single = await server().download(part.Url);
      expect((await readFile(join(dir, part.FileName))).equals(single)).toBe(true);
    }
  });

  it('names a file given twice apart, and refuses an unknown FileId or an empty list', async () => {
    const [first] = await splitEveryPage(server());
    if (!first) throw new Error('no part');
    const twice = await unzipped(await fetch(`${server().apiUrl}/zip?files=${first.FileId},${first.FileId}`));
    const stem = first.FileName.replace(/\.pdf$/, '');
    expect((await readdir(twice.dir)).sort()).toEqual([first.FileName, `${stem} (2).pdf`].sort());

    const unknown = await fetch(`${server().apiUrl}/zip?files=${first.FileId},AAAAAAAAAAAAAAAAAAAAAAAA`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { Code: number }).Code).toBe(5009);
    const empty = await fetch(`${server().apiUrl}/zip?files=,`);
    expect(empty.status).toBe(400);
  });

  it('with downloads bound to owners: 404 to a stranger, the archive to the owner or signed entries', async () => {
    const owner = await bound.server().anonymousToken();
    const parts = await splitEveryPage(bound.server(), owner);
    const plain = `${bound.server().apiUrl}/zip?files=${idsOf(parts)}`;
    expect((await fetch(plain)).status).toBe(404);
    const stranger = (await (
      await fetch(`${bound.server().apiUrl}/functions/generate-jwt`, { method: 'POST' })
    ).json()) as { token: string };
    expect((await fetch(plain, { headers: { authorization: `Bearer ${stranger.token}` } })).status).toBe(404);
    const mine = await fetch(plain, { headers: { authorization: `Bearer ${owner}` } });
    expect(mine.status).toBe(200);
    expect((await readdir((await unzipped(mine)).dir)).length).toBe(4);

    const signed = parts
      .map((part) => {
        const query = new URL(part.Url).searchParams;
        return `${part.FileId}.${query.get('expires')}.${query.get('signature')}`;
      })
      .join(',');
    const linked = await fetch(`${bound.server().apiUrl}/zip?files=${signed}`);
    expect(linked.status).toBe(200);
    expect((await readdir((await unzipped(linked)).dir)).length).toBe(4);
  });
});
