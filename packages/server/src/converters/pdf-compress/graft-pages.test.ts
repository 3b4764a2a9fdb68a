import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, pageCount, run, useTestJob } from '../../testing/pdf-tools';
import { GraftRefused, graftPages } from './graft-pages';

const job = useTestJob();
const text = async (path: string, page: number) =>
  (await run('pdftotext', ['-raw', '-f', String(page), '-l', String(page), path, '-'])).replace(/\s+/g, '');
const destinations = async (path: string) => (await run('pdfinfo', ['-dests', path])).trim();

describe('graftPages', () => {
  it("puts the donor page's content on the target page and keeps the target's page objects", async () => {
    const target = corpusFile('pdf/pdflatex-outline.pdf');
    const donor = corpusFile('pdf/pdflatex-4-pages.pdf');
    const output = join(job().workDir, 'grafted.pdf');
    const options = { timeoutMs: 60_000, workDir: job().workDir };
    await graftPages(target, donor, [{ targetPage: 2, donorPage: 3 }], output, options);
    expect(await pageCount(output)).toBe(4);
    expect(await text(output, 2)).toBe(await text(donor, 3));
    expect(await text(output, 2)).not.toBe(await text(target, 2));
    for (const page of [1, 3, 4]) expect(await text(output, page)).toBe(await text(target, page));
    // named destinations still lead to the same pages: the page objects stayed where they were
    expect(await destinations(output)).toBe(await destinations(target));
  });

  it('refuses a donor page of another size', async () => {
    const output = join(job().workDir, 'refused.pdf');
    await expect(
      graftPages(
        corpusFile('pdf/pdflatex-outline.pdf'),
        corpusFile('pdf/crazyones.pdf'),
        [{ targetPage: 1, donorPage: 1 }],
        output,
        { timeoutMs: 60_000, workDir: job().workDir },
      ),
    ).rejects.toBeInstanceOf(GraftRefused);
  });
});
