/**
 * The in-process page count against qpdf, the judge it stands in for: on every PDF of both corpora
 * (other producers' files, damaged and encrypted ones among them) it either agrees with
 * `qpdf --show-npages --show-encryption` or leaves the file to qpdf; files edited to mislead it (a
 * /Count that lies, a page tree with a cycle, a reference to another generation, bytes before the
 * header) are left to qpdf, which inspectPdf then asks.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { corpusPdfs } from '../testing/corpus';
import { corpusFile, run } from '../testing/pdf-tools';
import { inspectPdf } from './pdf-inspect';
import { rawPdfFacts } from './pdf-raw-facts';

/** qpdf's own answer: pages and encryption, or undefined when it cannot read the file. */
async function qpdfFacts(path: string): Promise<{ pages: number; encrypted: boolean } | undefined> {
  try {
    const report = await run('qpdf', ['--warning-exit-0', '--show-npages', '--show-encryption', '--', path]);
    return {
      pages: Number(/^(\d+)$/m.exec(report)?.[1]),
      encrypted: !/^File is not encrypted$/m.test(report),
    };
  } catch {
    return undefined;
  }
}

const ONE_PAGE = corpusFile('pdf/crazyones.pdf');
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'docstudio-raw-facts-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A copy of `source` with `from` replaced by `to` (same length: every offset stays right). */
async function edited(source: string, from: string, to: string, name: string): Promise<string> {
  expect(to.length).toBe(from.length);
  const text = (await readFile(source)).toString('latin1');
  expect(text.includes(from), `${from} in ${source}`).toBe(true);
  const path = join(dir, `${name}.pdf`);
  await writeFile(path, Buffer.from(text.replace(from, to), 'latin1'));
  return path;
}

/** A classic-xref copy of the one-page file (no object streams: its objects are plain text). */
async function plainOnePage(): Promise<string> {
  const path = join(dir, 'plain.pdf');
  await run('qpdf', ['--object-streams=disable', '--qdf', ONE_PAGE, path]);
  return path;
}

describe('rawPdfFacts', () => {
  it('agrees with qpdf on every PDF of both corpora it answers, and answers most', async () => {
    const files = await corpusPdfs();
    expect(files.length).toBeGreaterThan(40);
    let answered = 0;
    for (const file of files) {
      const raw = rawPdfFacts(await readFile(file));
      if (!raw) continue;
      answered += 1;
      expect(await qpdfFacts(file), file).toEqual(raw);
    }
    // the point of it: most real files need no engine to be inspected
    expect(answered / files.length).toBeGreaterThan(0.6);
  });

  it('answers for files with xref streams and object streams, and for a qpdf rewrite of them', async () => {
    for (const file of ['pdf/crazyones.pdf', 'pdf/pdflatex-outline.pdf', 'pdf/scotus-transcript-p1.pdf']) {
      const bytes = await readFile(corpusFile(file));
      expect(bytes.includes('/ObjStm'), file).toBe(true);
      expect(rawPdfFacts(bytes), file).toEqual(await qpdfFacts(corpusFile(file)));
    }
    expect(rawPdfFacts(await readFile(await plainOnePage()))).toEqual({ pages: 1, encrypted: false });
  });

  it('leaves to qpdf a /Count that lies, a cycle, another generation, bytes before the header, encryption', async () => {
    const plain = await plainOnePage();
    const text = (await readFile(plain)).toString('latin1');
    const pagesNode = /(\d+) 0 obj\s*<<\s*\/Count 1\s*\/Kids \[\s*(\d+) 0 R/.exec(text);
    expect(pagesNode, 'the one-page file names its page tree plainly').not.toBeNull();
    const [pagesRef, pageRef] = [pagesNode?.[1] ?? '', pagesNode?.[2] ?? ''];
    const misleading = [
      await edited(plain, '/Count 1', '/Count 2', 'count'),
      await edited(
        plain,
        `/Kids [\n    ${pageRef} 0 R`,
        `/Kids [\n    ${pagesRef} 0 R`.padEnd(`/Kids [\n    ${pageRef} 0 R`.length),
        'cycle',
      ),
      await edited(plain, `/Kids [\n    ${pageRef} 0 R`, `/Kids [\n    ${pageRef} 1 R`, 'generation'),
    ];
    const junk = join(dir, 'junk.pdf');
    await writeFile(junk, Buffer.concat([Buffer.from('junk\n'), await readFile(plain)]));
    const locked = join(dir, 'locked.pdf');
    await run('qpdf', ['--encrypt', '', 'owner', '256', '--', plain, locked]);
    for (const file of [...misleading, junk, locked]) {
      expect(rawPdfFacts(await readFile(file)), file).toBeUndefined();
    }
    // inspectPdf asks qpdf then, whose answers stand: the lying /Count is its 1 page
    expect(await inspectPdf(misleading[0] ?? '')).toEqual(await qpdfFacts(misleading[0] ?? ''));
    expect(await inspectPdf(locked)).toEqual({ pages: 1, encrypted: true });
    expect(await inspectPdf(junk)).toEqual({ pages: 1, encrypted: false });
  });
});
