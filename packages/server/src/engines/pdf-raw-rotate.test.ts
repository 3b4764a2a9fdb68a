/**
 * The in-process rotation against qpdf's: on every corpus PDF it reads exactly, its result has the
 * rotations `qpdf --rotate` gives (read by pdfinfo, an independent reader), passes `qpdf --check`
 * with no warning the original did not have, keeps every byte of the original (an update only appends) and gives the same
 * text as qpdf's result (pdftotext). Rotations on a /Pages node are inherited as readers inherit them; odd ones (not a
 * multiple of 90, indirect) are left to qpdf.
 */

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPdfs } from '../testing/corpus';
import { pdfFromObjects } from '../testing/fuzz-inputs';
import { corpusFile, pageRotations, qpdfCheckWarnings, run } from '../testing/pdf-tools';
import { rawPageTree } from './pdf-raw-facts';
import { rotateRaw } from './pdf-raw-rotate';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-raw-rotate-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** Writes `bytes` rotated in-process (pages, angle) and returns its path; fails the test if it declines. */
async function rotatedInProcess(
  bytes: Buffer,
  pages: number[],
  angle: 90 | 180 | 270,
  name: string,
): Promise<string> {
  const tree = rawPageTree(bytes);
  const rotated = tree && rotateRaw(bytes, tree, pages, angle);
  expect(rotated, name).toBeDefined();
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, rotated ?? Buffer.alloc(0));
  return path;
}

/** A hand-written PDF: two pages under one /Pages node, `pagesExtra` and `pageExtra` in their dictionaries. */
function handWritten(pagesExtra: string, firstPageExtra: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 ${pagesExtra} >>`,
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 5 0 R ${firstPageExtra} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 5 0 R >>',
  ];
  const content = 'BT /F1 12 Tf 10 50 Td (hello) Tj ET';
  return pdfFromObjects([...objects, `<< /Length ${content.length} >>\nstream\n${content}\nendstream`]);
}

describe('rotateRaw', () => {
  it('matches qpdf --rotate on every corpus PDF it reads, and the result is a clean, appended update', async () => {
    let rotated = 0;
    const kinds = new Set<string>();
    for (const file of await corpusPdfs()) {
      const bytes = await readFile(file);
      const tree = rawPageTree(bytes);
      if (!tree) continue;
      // every odd page by 270: a selection, not only "all"
      const pages = tree.pages.map((_, index) => index + 1).filter((page) => page % 2 === 1);
      const ours = rotateRaw(bytes, tree, pages, 270);
      if (!ours) continue;
      rotated += 1;
      kinds.add(tree.sections[0]?.kind ?? '');
      const oursPath = join(dir, `ours-${rotated}.pdf`);
      const qpdfPath = join(dir, `qpdf-${rotated}.pdf`);
      await writeFile(oursPath, ours);
      await run('qpdf', ['--warning-exit-0', `--rotate=+270:${pages.join(',')}`, '--', file, qpdfPath]);
      expect(await pageRotations(oursPath), file).toEqual(await pageRotations(qpdfPath));
      // none of its own: an appended update ends a file's linearization, and the warnings about it go
      const before = await qpdfCheckWarnings(file);
      const after = (await qpdfCheckWarnings(oursPath)).filter((line) => !before.includes(line));
      expect(
        after.filter((line) => !/^qpdf: operation succeeded with warnings/.test(line)),
        file,
      ).toEqual([]);
      expect(ours.subarray(0, bytes.length).equals(bytes), file).toBe(true);
      // the first two pages (one turned, one not): whole long files would cost seconds
      const text = (path: string): Promise<string> => run('pdftotext', ['-l', '2', path, '-']);
      expect(await text(oursPath), file).toBe(await text(qpdfPath));
    }
    // most real files: both classic tables and xref streams
    expect(rotated).toBeGreaterThan(40);
    expect([...kinds].sort()).toEqual(['stream', 'table']);
  });

  it('rotates a page inside an object stream, and a file it rotated already', async () => {
    const bytes = await readFile(corpusFile('pdf/crazyones.pdf'));
    const tree = rawPageTree(bytes);
    const inStream = tree !== undefined && tree.pages[0]?.source.text !== tree.text;
    expect(inStream, 'the page sits in an object stream').toBe(true);
    const once = await rotatedInProcess(bytes, [1], 90, 'once');
    const twice = await rotatedInProcess(await readFile(once), [1], 90, 'twice');
    expect(await pageRotations(once)).toEqual([90]);
    expect(await pageRotations(twice)).toEqual([180]);
    expect(await qpdfCheckWarnings(twice)).toEqual([]);
  });

  it('adds to a rotation inherited from the page tree, as readers inherit it', async () => {
    const source = handWritten('/Rotate 90', '');
    const path = await rotatedInProcess(source, [1], 90, 'inherited');
    expect(await pageRotations(path)).toEqual([180, 90]);
    // the page's own /Rotate wins over the tree's, and is replaced rather than repeated
    const own = await rotatedInProcess(handWritten('/Rotate 90', '/Rotate -90'), [1, 2], 180, 'own');
    expect(await pageRotations(own)).toEqual([90, 270]);
    expect(await qpdfCheckWarnings(own)).toEqual([]);
  });

  it('leaves odd rotations to qpdf: not a multiple of 90, or indirect', () => {
    for (const [pagesExtra, pageExtra] of [
      ['', '/Rotate 45'],
      ['/Rotate 45', ''],
      ['', '/Rotate 7 0 R'],
    ] as const) {
      const bytes = handWritten(pagesExtra, pageExtra);
      const tree = rawPageTree(bytes);
      expect(tree?.pages.length).toBe(2);
      expect(tree && rotateRaw(bytes, tree, [1], 90), `${pagesExtra} ${pageExtra}`).toBeUndefined();
    }
  });
});
