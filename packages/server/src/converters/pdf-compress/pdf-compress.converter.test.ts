import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { downsamplePdf } from '../../engines/ghostscript';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import {
  corpusFile,
  exitCode,
  fileSize,
  listedImages,
  pageCount,
  pageText,
  repoCorpusFile,
  run,
  unreadablePdfs,
  useTestJob,
} from '../../testing/pdf-tools';
import { pdfCompressConverter } from './pdf-compress.converter';

const job = useTestJob();

/** Largest x-ppi of the images pdfimages lists (its own reading of each image's size on the page). */
async function maxImagePpi(path: string): Promise<number> {
  return Math.max(...(await listedImages(path)).map((image) => image.xPpi));
}

const scan = corpusFile('pdf-scanned/camelot-image-table.pdf');
const geoTopo = corpusFile('pdf/GeoTopo-komprimiert.pdf');
const cyrillic = repoCorpusFile('pdf/cyrillic-cidrange-tounicode.pdf');

/**
 * A page's characters in content order (pdftotext -raw, what compress's own check compares): a
 * rewrite may move lines in -layout's reading order without changing a character.
 */
const words = async (path: string, page: number) =>
  (await run('pdftotext', ['-raw', '-f', String(page), '-l', String(page), path, '-'])).replace(/\s+/g, '');

const fonts = async (path: string) =>
  (await run('pdffonts', [path]))
    .split('\n')
    .slice(2)
    .map((row) => row.split(' ')[0]);

interface Outline {
  destpageposfrom1: number | null;
  kids: Outline[];
}

/** The page each bookmark opens, depth first (null where it points at no page). */
async function outlineTargets(path: string): Promise<(number | null)[]> {
  const json = JSON.parse(await run('qpdf', ['--json=2', '--json-key=outlines', path])) as {
    outlines: Outline[];
  };
  const walk = (items: Outline[]): (number | null)[] =>
    items.flatMap((item) => [item.destpageposfrom1, ...walk(item.kids)]);
  return walk(json.outlines);
}

describe('pdf/to/compress', () => {
  it('downsamples a 298-DPI scan to the preset resolution and makes it much smaller', async () => {
    const sizes: Record<string, number> = {};
    for (const [preset, dpi] of [
      ['text', 20],
      ['web', 75],
      ['ebook', 150],
    ] as const) {
      const [result] = await convertAsSent(
        pdfCompressConverter,
        await job().context([scan], { Preset: preset }),
      );
      const path = result?.path ?? '';
      expect(result?.fileName).toBe('camelot-image-table-compressed.pdf');
      expect(await pageCount(path)).toBe(1);
      expect(await maxImagePpi(path)).toBeLessThanOrEqual(dpi + 1);
      sizes[preset] = await fileSize(path);
    }
    const original = await fileSize(scan);
    expect(sizes.ebook).toBeLessThan(original * 0.6);
    expect(sizes.web).toBeLessThan(sizes.ebook ?? 0);
    expect(sizes.text).toBeLessThan(sizes.web ?? 0);
  });

  it('makes a real 117-page book smaller and keeps its pages and text', async () => {
    const book = corpusFile('pdf/GeoTopo-komprimiert.pdf');
    const [result] = await convertAsSent(
      pdfCompressConverter,
      await job().context([book], { Preset: 'printer' }),
    );
    const path = result?.path ?? '';
    expect(await fileSize(path)).toBeLessThan(await fileSize(book));
    expect(await pageCount(path)).toBe(117);
    expect((await pageText(path, 5)).replace(/\s+/g, ' ')).toContain(
      (await pageText(book, 5)).replace(/\s+/g, ' ').trim().slice(0, 60),
    );
  });

  it('keeps the text of every page where Ghostscript would garble it (cidrange ToUnicode)', async () => {
    const source = repoCorpusFile('pdf/cyrillic-cidrange-tounicode.pdf');
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    const before = words(await pageText(source, 1));
    expect(before).toContain('Перв. примен.');
    // the premise: Ghostscript's own rewrite changes this page's text
    const rewritten = join(job().workDir, 'gs-rewrite.pdf');
    await downsamplePdf(source, rewritten, 150, { timeoutMs: 60_000 });
    expect(words(await pageText(rewritten, 1))).not.toBe(before);
    for (const preset of ['text', 'ebook']) {
      const [result] = await convertAsSent(
        pdfCompressConverter,
        await job().context([source], { Preset: preset }),
      );
      const path = result?.path ?? '';
      expect(words(await pageText(path, 1))).toBe(before);
      expect(await fileSize(path)).toBeLessThan(await fileSize(source));
    }
  });

  it("keeps every page's text when each of Ghostscript's interpreters changes another page (pages reread, grafted)", async () => {
    // a real page each interpreter misreads: GeoTopo's page 66 (ϱ, the former one) and the Cyrillic
    // cidrange page (the current one)
    const mixed = join(job().workDir, 'mixed.pdf');
    await run('qpdf', ['--empty', '--pages', geoTopo, '66', cyrillic, '1', '--', mixed]);
    const before = [await words(mixed, 1), await words(mixed, 2)];
    // the premise: each interpreter's rewrite changes the text of one page, and renames the fonts
    for (const legacyInterpreter of [false, true]) {
      const rewritten = join(job().workDir, `gs-${legacyInterpreter}.pdf`);
      await downsamplePdf(mixed, rewritten, 150, { timeoutMs: 120_000, legacyInterpreter });
      expect([await words(rewritten, 1), await words(rewritten, 2)]).not.toEqual(before);
      expect(await fonts(rewritten)).not.toEqual(await fonts(mixed));
    }
    const [result] = await convertAsSent(
      pdfCompressConverter,
      await job().context([mixed], { Preset: 'ebook' }),
    );
    const path = result?.path ?? '';
    expect([await words(path, 1), await words(path, 2)]).toEqual(before);
    // Ghostscript's rewrites were taken (their subset fonts), not only qpdf's lossless pass
    expect(await fonts(path)).not.toEqual(await fonts(mixed));
    expect(await fileSize(path)).toBeLessThan(await fileSize(mixed));
  });

  it('falls back to qpdf alone when both interpreters change the same page', async () => {
    // GeoTopo's page 66 with the Cyrillic page drawn over it: each interpreter misreads part of it
    const page66 = join(job().workDir, 'page66.pdf');
    const both = join(job().workDir, 'both.pdf');
    await run('qpdf', ['--empty', '--pages', geoTopo, '66', '--', page66]);
    await run('qpdf', [page66, '--overlay', cyrillic, '--', both]);
    const before = await words(both, 1);
    for (const legacyInterpreter of [false, true]) {
      const rewritten = join(job().workDir, `both-gs-${legacyInterpreter}.pdf`);
      await downsamplePdf(both, rewritten, 150, { timeoutMs: 120_000, legacyInterpreter });
      expect(await words(rewritten, 1)).not.toBe(before);
    }
    const [result] = await convertAsSent(
      pdfCompressConverter,
      await job().context([both], { Preset: 'ebook' }),
    );
    const path = result?.path ?? '';
    expect(await words(path, 1)).toBe(before);
    // qpdf's passes leave fonts as they are: neither of Ghostscript's rewrites was taken
    expect(await fonts(path)).toEqual(await fonts(both));
    expect(await fileSize(path)).toBeLessThanOrEqual(await fileSize(both));
  });

  it('keeps bookmarks pointing at a page whose content was reread and grafted', async () => {
    // a LaTeX document with bookmarks to pages 2-4; the Cyrillic page drawn over page 2, which the
    // current interpreter then misreads (and only that page)
    const input = join(job().workDir, 'outline-cyrillic.pdf');
    await run('qpdf', [corpusFile('pdf/pdflatex-outline.pdf'), '--overlay', cyrillic, '--to=2', '--', input]);
    const rewritten = join(job().workDir, 'outline-gs.pdf');
    await downsamplePdf(input, rewritten, 150, { timeoutMs: 60_000 });
    const pages = [1, 2, 3, 4];
    const before = await Promise.all(pages.map((page) => words(input, page)));
    const changed = await Promise.all(
      pages.map(async (page) => (await words(rewritten, page)) !== before[page - 1]),
    );
    expect(changed).toEqual([false, true, false, false]);
    // Ghostscript's rewrite points the bookmarks at the pages themselves (the input names them)
    const targets = await outlineTargets(rewritten);
    expect(targets).toContain(2);
    const [result] = await convertAsSent(
      pdfCompressConverter,
      await job().context([input], { Preset: 'ebook' }),
    );
    const path = result?.path ?? '';
    expect(await Promise.all(pages.map((page) => words(path, page)))).toEqual(before);
    expect(await outlineTargets(path)).toEqual(targets);
    expect(await fonts(path)).not.toEqual(await fonts(input));
  });

  it('never returns a file larger than the input', async () => {
    for (const source of ['pdf/crazyones.pdf', 'pdf-a/crazyones-pdfa.pdf', 'pdf/annotated_pdf.pdf']) {
      const input = corpusFile(source);
      const [result] = await convertAsSent(
        pdfCompressConverter,
        await job().context([input], { Preset: 'printer' }),
      );
      expect(await fileSize(result?.path ?? '')).toBeLessThanOrEqual(await fileSize(input));
      expect(await pageCount(result?.path ?? '')).toBe(await pageCount(input));
    }
  });

  it('keeps the fields of a fillable form', async () => {
    const input = corpusFile('pdf/libreoffice-form.pdf');
    const [result] = await convertAsSent(
      pdfCompressConverter,
      await job().context([input], { Preset: 'text' }),
    );
    const fields = async (path: string) =>
      (
        JSON.parse(await run('qpdf', ['--json=2', '--json-key=acroform', path])) as {
          acroform: { fields: unknown[] };
        }
      ).acroform.fields.length;
    expect(await fields(result?.path ?? '')).toBe(9);
    expect(await fileSize(result?.path ?? '')).toBeLessThanOrEqual(await fileSize(input));
  });

  it('keeps the protection of an owner-restricted file', async () => {
    const input = corpusFile('pdf-encrypted/r4-owner-password.pdf');
    const [result] = await convertAsSent(
      pdfCompressConverter,
      await job().context([input], { Preset: 'web' }),
    );
    expect(await exitCode('qpdf', ['--is-encrypted', result?.path ?? ''])).toBe(0);
  });

  it('rejects every bad Preset value', () => {
    for (const bad of ['screen', 'prepress', '150', 'best']) {
      expect(parameterProblems(pdfCompressConverter, { Preset: bad })).toEqual({
        Preset: ['Preset must be one of text, archive, web, ebook, printer.'],
      });
    }
    for (const good of ['text', 'archive', 'web', 'ebook', 'printer', 'EBOOK', '']) {
      expect(parameterProblems(pdfCompressConverter, { Preset: good })).toBeNull();
    }
  });

  it('answers 422 for damaged, empty and password-protected input', async () => {
    for (const [file, code] of await unreadablePdfs(job())) {
      await expect(
        answerToRejection(convertAsSent(pdfCompressConverter, await job().context([file], {}))),
      ).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });
});
