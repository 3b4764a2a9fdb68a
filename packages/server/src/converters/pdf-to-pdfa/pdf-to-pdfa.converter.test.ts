import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { loadMupdf } from '../../engines/mupdf';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import {
  corpusFile,
  fileSize,
  listedImages,
  pageCount,
  pageText,
  repoCorpusFile,
  run,
  unreadablePdfs,
  useTestJob,
} from '../../testing/pdf-tools';
import { pdfToPdfaConverter } from './pdf-to-pdfa.converter';

const job = useTestJob();

interface QpdfObjects {
  qpdf: [
    unknown,
    Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>,
  ];
}

/** The catalogue's XMP packet and OutputIntents, read by qpdf (not by the code under test). */
async function pdfaFacts(path: string) {
  const json = JSON.parse(await run('qpdf', ['--json=2', '--json-key=qpdf', path])) as QpdfObjects;
  const objects = json.qpdf[1];
  const trailer = objects.trailer?.value ?? {};
  const root = objects[`obj:${String(trailer['/Root'])}`]?.value ?? {};
  const [id, gen] = String(root['/Metadata']).split(' ');
  const metadata = await run('qpdf', [`--show-object=${id},${gen}`, '--filtered-stream-data', path]);
  const intents = (root['/OutputIntents'] as string[] | undefined) ?? [];
  const intent = objects[`obj:${intents[0]}`]?.value ?? {};
  const info = objects[`obj:${String(trailer['/Info'])}`]?.value ?? {};
  return { metadata, intent, info };
}

async function fontsAllEmbedded(path: string): Promise<{ count: number; notEmbedded: string[] }> {
  const rows = (await run('pdffonts', [path])).split('\n').slice(2).filter(Boolean);
  const notEmbedded = rows.filter((row) => !/\s(yes)\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/.test(row));
  return { count: rows.length, notEmbedded };
}

/** Every Link annotation's dictionary, as qpdf reads the file. */
async function qpdfLinks(path: string): Promise<Record<string, unknown>[]> {
  const json = JSON.parse(await run('qpdf', ['--json=2', '--json-key=qpdf', path])) as QpdfObjects;
  return Object.values(json.qpdf[1])
    .map((object) => object.value ?? {})
    .filter((value) => value['/Subtype'] === '/Link');
}

/** The page (1-based) each link leads to, page by page, as MuPDF resolves it. */
async function linkTargets(path: string): Promise<number[]> {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  try {
    const pages: number[][] = [];
    for (let index = 0; index < doc.countPages(); index++) {
      const page = doc.loadPage(index);
      pages.push(page.getLinks().map((link) => doc.resolveLink(link) + 1));
      page.destroy();
    }
    return pages.flat();
  } finally {
    doc.destroy();
  }
}

/** Pixels of a 50 dpi render that are highlighter yellow. */
async function yellowPixels(path: string): Promise<number> {
  const prefix = join(job().workDir, `render-${Math.random().toString(36).slice(2)}`);
  await run('pdftoppm', ['-r', '50', '-f', '1', '-l', '1', '-singlefile', '-png', path, prefix]);
  const { data, info } = await sharp(`${prefix}.png`).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if ((data[i] ?? 0) > 200 && (data[i + 1] ?? 0) > 180 && (data[i + 2] ?? 255) < 100) count++;
  }
  return count;
}

describe('pdf/to/pdfa', () => {
  it('makes PDF/A-2b by default with an sRGB OutputIntent, embedded fonts and the Title kept', async () => {
    const source = corpusFile('pdf/tagged.pdf');
    const [result] = await convertAsSent(pdfToPdfaConverter, await job().context([source]));
    const path = result?.path ?? '';
    expect(result?.fileName).toBe('tagged-pdfa.pdf');
    const { metadata, intent } = await pdfaFacts(path);
    expect(metadata).toMatch(/pdfaid:part=['"]2['"]/);
    expect(metadata).toMatch(/pdfaid:conformance=['"]B['"]/);
    expect(intent['/S']).toBe('/GTS_PDFA1');
    expect(intent['/DestOutputProfile']).toMatch(/^\d+ 0 R$/);
    expect(metadata).toMatch(/<dc:title>\s*<rdf:Alt>\s*<rdf:li[^>]*>Tagged PDF Demo<\/rdf:li>/);
    expect(await run('pdfinfo', [path])).toMatch(/^Title:\s+Tagged PDF Demo$/m);
    const fonts = await fontsAllEmbedded(path);
    expect(fonts.count).toBeGreaterThan(0);
    expect(fonts.notEmbedded).toEqual([]);
    expect(await pageCount(path)).toBe(2);
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(words(await pageText(path, 1))).toBe(words(await pageText(source, 1)));
  });

  it('writes the part and conformance of every PdfaVersion', async () => {
    for (const [version, part, conformance] of [
      ['PdfA1b', '1', 'B'],
      ['PdfA2u', '2', 'U'],
      ['PdfA3b', '3', 'B'],
      ['PdfA3u', '3', 'U'],
    ] as const) {
      const ctx = await job().context([corpusFile('pdf/pdflatex-4-pages.pdf')], { PdfaVersion: version });
      const [result] = await convertAsSent(pdfToPdfaConverter, ctx);
      const { metadata, intent } = await pdfaFacts(result?.path ?? '');
      expect(metadata).toMatch(new RegExp(`pdfaid:part=['"]${part}['"]`));
      expect(metadata).toMatch(new RegExp(`pdfaid:conformance=['"]${conformance}['"]`));
      expect(intent['/S']).toBe('/GTS_PDFA1');
      expect((await fontsAllEmbedded(result?.path ?? '')).notEmbedded).toEqual([]);
      expect(await run('qpdf', ['--check', result?.path ?? ''])).toMatch(
        /No syntax or stream encoding errors/,
      );
    }
  });

  it('embeds the standard fonts a PDF only names', async () => {
    const source = corpusFile('pdf/annotated_pdf.pdf');
    const [result] = await convertAsSent(
      pdfToPdfaConverter,
      await job().context([source], { PdfaVersion: 'PdfA1b' }),
    );
    expect((await fontsAllEmbedded(result?.path ?? '')).notEmbedded).toEqual([]);
  });

  it('keeps a Unicode title with XML special characters in Info and XMP alike', async () => {
    const { PDFDocument } = await import('pdf-lib');
    const source = await PDFDocument.load(await readFile(corpusFile('pdf/crazyones.pdf')));
    const title = 'Übersicht <Q3> & “Plan” – 東京';
    source.setTitle(title);
    const input = join(job().workDir, 'titled.pdf');
    await writeFile(input, await source.save());
    const [result] = await convertAsSent(
      pdfToPdfaConverter,
      await job().context([input], { PdfaVersion: 'PdfA2u' }),
    );
    const path = result?.path ?? '';
    expect(await run('pdfinfo', [path])).toMatch(/^Title:\s+Übersicht <Q3> & “Plan” – 東京$/m);
    const xmp = await run('pdfinfo', ['-meta', path]);
    expect(xmp).toContain('Übersicht &#60;Q3&#62; &#38; “Plan” – 東京');
    expect(await run('qpdf', ['--check', path])).toMatch(/No syntax or stream encoding errors/);
  });

  it('keeps internal links (GoTo Link annotations) and where they lead, in every part', async () => {
    const source = corpusFile('pdf/pdflatex-outline.pdf');
    const targets = await linkTargets(source);
    expect(targets).toHaveLength(9);
    for (const version of ['PdfA1b', 'PdfA2b', 'PdfA3u']) {
      const [result] = await convertAsSent(
        pdfToPdfaConverter,
        await job().context([source], { PdfaVersion: version }),
      );
      const path = result?.path ?? '';
      const links = await qpdfLinks(path);
      expect(links).toHaveLength(9);
      // PDF/A: every annotation printable, a link goes somewhere inside the document
      for (const link of links) {
        expect(Number(link['/F']) & 4).toBe(4);
        expect(link['/Dest'] ?? (link['/A'] as Record<string, unknown> | undefined)?.['/S']).toBeTruthy();
      }
      expect(await linkTargets(path)).toEqual(targets);
    }
  });

  it('makes PDF/A-1b of a page with blend-mode highlights without rasterising its text', async () => {
    const source = repoCorpusFile('pdf/word-highlight-annotations.pdf');
    const [result] = await convertAsSent(
      pdfToPdfaConverter,
      await job().context([source], { PdfaVersion: 'PdfA1b' }),
    );
    const path = result?.path ?? '';
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    expect(words(await pageText(path, 1))).toBe(words(await pageText(source, 1)));
    const fonts = await fontsAllEmbedded(path);
    expect(fonts.count).toBeGreaterThan(0);
    expect(fonts.notEmbedded).toEqual([]);
    // no page-sized picture of the page (the source has no image at all)
    expect(await listedImages(path)).toEqual([]);
    expect(await fileSize(path)).toBeLessThan((await fileSize(source)) * 1.5);
    // the yellow highlight is still on the page, behind the word it marks
    expect(await yellowPixels(path)).toBeGreaterThan((await yellowPixels(source)) * 0.8);
    const { metadata } = await pdfaFacts(path);
    expect(metadata).toMatch(/pdfaid:part=['"]1['"]/);
  });

  it('keeps text whose ToUnicode uses cidrange entries, which Ghostscript 10 rewrites wrongly', async () => {
    const source = repoCorpusFile('pdf/cyrillic-cidrange-tounicode.pdf');
    const words = (text: string) => text.replace(/\s+/g, ' ').trim();
    const before = words(await pageText(source, 1));
    expect(before).toContain('Перв. примен.');
    for (const version of ['PdfA1b', 'PdfA2u']) {
      const [result] = await convertAsSent(
        pdfToPdfaConverter,
        await job().context([source], { PdfaVersion: version }),
      );
      const path = result?.path ?? '';
      expect(words(await pageText(path, 1))).toBe(before);
      expect((await fontsAllEmbedded(path)).notEmbedded).toEqual([]);
      expect((await pdfaFacts(path)).intent['/S']).toBe('/GTS_PDFA1');
    }
  });

  it('rejects every bad PdfaVersion value', () => {
    for (const bad of ['PdfA1a', 'PdfA4', 'pdfa', '2b']) {
      expect(parameterProblems(pdfToPdfaConverter, { PdfaVersion: bad })).toHaveProperty('PdfaVersion');
    }
    expect(parameterProblems(pdfToPdfaConverter, { PdfaVersion: 'PdfA3u' })).toBeNull();
    expect(parameterProblems(pdfToPdfaConverter, { ConformanceLevel: '2A' })).toHaveProperty(
      'ConformanceLevel',
    );
    expect(parameterProblems(pdfToPdfaConverter, { ConformanceLevel: '4B' })).toHaveProperty(
      'ConformanceLevel',
    );
  });

  it('answers 422 for damaged, empty and password-protected input', async () => {
    for (const [file, code] of await unreadablePdfs(job())) {
      await expect(
        answerToRejection(convertAsSent(pdfToPdfaConverter, await job().context([file], {}))),
      ).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });
});
