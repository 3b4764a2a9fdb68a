import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, pageCount, run, useTestJob } from '../../testing/pdf-tools';
import { pageCharacters } from './text-kept';

const job = useTestJob();
const limits = () => ({ signal: new AbortController().signal, deadlineAt: Date.now() + 120_000 });
const book = corpusFile('pdf/GeoTopo-komprimiert.pdf');

/** The first `pages` pages of the 117-page book, as a file of their own (qpdf). */
async function firstPages(pages: number): Promise<string> {
  const path = join(job().workDir, `first-${pages}.pdf`);
  await run('qpdf', ['--empty', '--pages', book, `1-${pages}`, '--', path]);
  return path;
}

describe("compress's text check read by two workers", () => {
  it.each([26, 51, 117])(
    'reads each of %i pages once, in order: as one worker reads them page by page',
    async (pages) => {
      const path = pages === 117 ? book : await firstPages(pages);
      expect(await pageCount(path)).toBe(pages);
      const inLanes = await pageCharacters(path, limits(), pages);
      const oneByOne = await pageCharacters(path, limits());
      expect(inLanes).toHaveLength(pages);
      expect(inLanes).toEqual(oneByOne);
      // and they are the pages' own: a page's text is not its neighbour's
      expect(new Set(inLanes).size).toBeGreaterThan(pages * 0.9);
    },
    120_000,
  );

  it('reads a file that has another count than expected page by page, with its own count', async () => {
    const path = await firstPages(40);
    const read = await pageCharacters(path, limits(), 60);
    expect(read).toHaveLength(40);
    expect(read).toEqual(await pageCharacters(path, limits()));
  });
});
