import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertAsSent } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { pdfFromObjects } from '../../testing/fuzz-inputs';
import { corpusFile, pageCount, pageText, run, unreadablePdfs, useTestJob } from '../../testing/pdf-tools';
import { pdfMergeConverter } from './pdf-merge.converter';

const job = useTestJob();

const crazy = corpusFile('pdf/crazyones.pdf');
const four = corpusFile('pdf/pdflatex-4-pages.pdf');
const outline = corpusFile('pdf/pdflatex-outline.pdf');

interface OutlineNode {
  title: string;
  dest: unknown;
  kids: OutlineNode[];
}

/**
 * Top-level bookmarks as qpdf reads them: title, 1-based target page and the rest of the destination
 * (/XYZ left top, rounded) for explicit or /D destinations.
 */
async function outlines(
  path: string,
  qpdfOptions: string[] = [],
): Promise<{ title: string; page: number | undefined; view: string }[]> {
  const json = JSON.parse(
    await run('qpdf', [...qpdfOptions, '--json=2', '--json-key=outlines', '--json-key=pages', path]),
  ) as {
    outlines: OutlineNode[];
    pages: { object: string; pageposfrom1: number }[];
  };
  const pageOf = new Map(json.pages.map((page) => [page.object, page.pageposfrom1]));
  return json.outlines.map((node) => {
    const dest = Array.isArray(node.dest) ? node.dest : (node.dest as { '/D'?: unknown[] } | null)?.['/D'];
    const view = (dest ?? []).slice(1, 4).map((part) => (typeof part === 'number' ? Math.round(part) : part));
    return { title: node.title, page: pageOf.get(String(dest?.[0])), view: JSON.stringify(view) };
  });
}

describe('pdf/to/merge', () => {
  it('puts every page of Files[i] in the order given', async () => {
    const files = [four, crazy, outline];
    const [result] = await convertAsSent(pdfMergeConverter, await job().context(files));
    const path = result?.path ?? '';
    expect(result?.fileName).toBe('pdflatex-4-pages-merged.pdf');
    expect(await pageCount(path)).toBe(9);
    const expected = [
      ...[1, 2, 3, 4].map((page) => pageText(four, page)),
      pageText(crazy, 1),
      ...[1, 2, 3, 4].map((page) => pageText(outline, page)),
    ];
    for (const [index, text] of expected.entries()) {
      expect(await pageText(path, index + 1)).toBe(await text);
    }
  });

  it('keeps the bookmarks of every input, pointing at the same spot of their pages in the merged file', async () => {
    const sourceOutline = await outlines(outline);
    expect(sourceOutline.length).toBeGreaterThan(0);
    const [result] = await convertAsSent(pdfMergeConverter, await job().context([crazy, outline, outline]));
    const merged = await outlines(result?.path ?? '');
    // the bytes handed on with the result (checked and stored without a read) are the file's
    expect(result?.bytes?.equals(await readFile(result?.path ?? ''))).toBe(true);
    // written in-process (engines/pdf-outlines/raw-outlines.ts), not by MuPDF's writer, which signs its saves
    expect(result?.bytes?.toString('latin1')).not.toContain('Written by MuPDF');
    expect(sourceOutline.every((node) => node.page !== undefined)).toBe(true);
    const shift = (by: number) => sourceOutline.map((node) => ({ ...node, page: (node.page ?? 0) + by }));
    expect(merged).toEqual([...shift(1), ...shift(5)]);
  });

  it('keeps bookmarks naming destinations of both kinds: the catalog’s /Dests and the /Names tree', async () => {
    // MuPDF alone looks only in /Dests when a file has both (engines/pdf-outlines/name-tree-dests.ts);
    // a node of the tree lists itself among its kids, as a hostile file's may
    const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 600 800] /Contents 6 0 R >>';
    const items = [
      ['(By name)', '/Dest /byname'],
      ['(By string)', '/Dest (in-tree)'],
      ['(In a kid)', '/A << /S /GoTo /D (deep) >>'],
      ['(Spaces and parentheses)', '/Dest (chapter 2 \\(b\\))'],
      ['(Nowhere)', '/Dest (nowhere)'],
    ];
    const first = 13;
    const both = pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R /Outlines 7 0 R /Dests << /byname [3 0 R /Fit] >> /Names << /Dests 8 0 R >> >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
      page,
      page,
      page,
      '<< /Length 0 >>\nstream\n\nendstream',
      `<< /Type /Outlines /First ${first} 0 R /Last ${first + items.length - 1} 0 R /Count ${items.length} >>`,
      // sorted by key, as lookups by /Limits need
      '<< /Kids [9 0 R 10 0 R 12 0 R] >>',
      '<< /Limits [(chapter 2 \\(b\\)) (chapter 2 \\(b\\))] /Names [(chapter 2 \\(b\\)) [4 0 R /XYZ 10 20 null]] >>',
      '<< /Limits [(deep) (deep)] /Kids [11 0 R 10 0 R] >>', // and itself again
      '<< /Limits [(deep) (deep)] /Names [(deep) << /D [5 0 R /FitH 500] >>] >>',
      '<< /Limits [(in-tree) (in-tree)] /Names [(in-tree) [4 0 R /XYZ 30 40 2]] >>',
      ...items.map(([title, target], index) => {
        const links = [
          index > 0 && `/Prev ${first + index - 1} 0 R`,
          index < items.length - 1 && `/Next ${first + index + 1} 0 R`,
        ];
        return `<< /Title ${title} /Parent 7 0 R ${target} ${links.filter(Boolean).join(' ')} >>`;
      }),
    ]);
    const path = join(job().workDir, 'both-dests.pdf');
    await writeFile(path, both);
    // qpdf, reading the input on its own (it warns of the loop), finds every target but the missing one
    const source = await outlines(path, ['--warning-exit-0']);
    expect(source.map((node) => [node.title, node.page])).toEqual([
      ['By name', 1],
      ['By string', 2],
      ['In a kid', 3],
      ['Spaces and parentheses', 2],
      ['Nowhere', undefined],
    ]);
    const [result] = await convertAsSent(pdfMergeConverter, await job().context([crazy, path]));
    const found = source.filter((node) => node.page !== undefined);
    expect(await outlines(result?.path ?? '')).toEqual(
      found.map((node) => ({ ...node, page: (node.page ?? 0) + 1 })),
    );
  });

  it('merges a 117-page book with itself', async () => {
    const book = corpusFile('pdf/GeoTopo-komprimiert.pdf');
    const [result] = await convertAsSent(pdfMergeConverter, await job().context([book, crazy, book]));
    expect(await pageCount(result?.path ?? '')).toBe(235);
    expect(await pageText(result?.path ?? '', 118)).toBe(await pageText(crazy, 1));
  });

  it('answers 400 for fewer than 2 files', async () => {
    await expect(
      answerToRejection(convertAsSent(pdfMergeConverter, await job().context([crazy]))),
    ).resolves.toMatchObject({
      status: 400,
      invalidParameters: { Files: ['Please select at least 2 PDF files to merge.'] },
    });
  });

  it('answers 422 naming the damaged, empty or password-protected file', async () => {
    for (const [file, code] of await unreadablePdfs(job())) {
      const ctx = await job().context([crazy, file]);
      await expect(answerToRejection(convertAsSent(pdfMergeConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code,
        message: expect.stringContaining('(Files[1])'),
      });
    }
  });
});
