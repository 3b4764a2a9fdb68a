import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cellAccuracy, parseCsv, wordF1 } from '../../engines/pdf-structure';
import { docxTables, libreOfficeText, zipPart, zipParts } from '../../engines/pdf-structure/office-readback';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerToRejection } from '../../testing/error-answers';
import { listedImages } from '../../testing/pdf-tools';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { pdfToDocx } from '.';

const corpus = CORPUS_DIR;
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
async function convert(file: string, timeoutMs?: number): Promise<string> {
  const j = await makeConverterContext(file, {}, timeoutMs);
  jobs.push(j);
  const [result] = await convertAsSent(pdfToDocx, j.ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

describe('pdf/to/docx', () => {
  it.each([
    'pdf/crazyones.pdf',
    'pdf/pdflatex-4-pages.pdf',
    'pdf/multicolumn.pdf',
    'pdf/pdf2docx-demo-text.pdf',
    'pdf/tagged.pdf',
  ])(
    'keeps the words of %s (word F1 against pdftotext >= 0.98, read back through LibreOffice)',
    async (name) => {
      const source = join(corpus, name);
      const docx = await convert(source);
      const reference = execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' });
      const { f1 } = wordF1(reference, libreOfficeText(docx));
      console.log(`DOCX word F1 ${name}: ${f1.toFixed(4)}`);
      expect(f1).toBeGreaterThanOrEqual(0.98);
    },
  );

  it('reads a two-column page column by column', async () => {
    const text = libreOfficeText(await convert(join(corpus, 'pdf/multicolumn.pdf')));
    // the left column's last paragraph comes before the right column's first line
    const left = text.indexOf('Nulla malesuada porttitor diam');
    const right = text.indexOf('pellentesque ante. Phasellus');
    expect(left).toBeGreaterThan(0);
    expect(right).toBeGreaterThan(left);
  });

  it('keeps page size, fonts, bold and headings', async () => {
    const docx = await convert(join(corpus, 'pdf/pdf2docx-demo-text.pdf'));
    const xml = zipPart(docx, 'word/document.xml');
    const info = execFileSync('pdfinfo', [join(corpus, 'pdf/pdf2docx-demo-text.pdf')], { encoding: 'utf8' });
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) ?? [];
    const pgSz = /<w:pgSz w:w="(\d+)" w:h="(\d+)"/.exec(xml);
    expect(Math.abs(Number(pgSz?.[1]) - Number(w) * 20)).toBeLessThanOrEqual(20);
    expect(Math.abs(Number(pgSz?.[2]) - Number(h) * 20)).toBeLessThanOrEqual(20);
    expect(xml).toMatch(/<w:rFonts w:ascii="Calibri/);
    expect(xml).toMatch(/<w:b\/>/);
    expect(xml).toMatch(/<w:pStyle w:val="Heading\d"\/>/);
  });

  it('rebuilds ruled and borderless tables as Word tables with the expected cells', async () => {
    const cases: [string, string[], number][] = [
      ['foo.pdf', ['foo.expected.csv'], 0.95],
      ['twotables_2.pdf', ['twotables_2.table1.expected.csv', 'twotables_2.table2.expected.csv'], 0.95],
      // camelot splits health's header into six rows; its 23 data rows must all be exact
      ['health.pdf', ['health.expected.csv'], 0.8],
    ];
    for (const [pdf, csvs, minimum] of cases) {
      const tables = docxTables(zipPart(await convert(join(corpus, 'pdf-tables', pdf)), 'word/document.xml'));
      expect(tables).toHaveLength(csvs.length);
      csvs.forEach((csv, i) => {
        const expected = parseCsv(readFileSync(join(corpus, 'pdf-tables', csv), 'utf8'));
        const actual = tables[i] ?? [];
        expect(Math.max(...actual.map((r) => r.length))).toBe(expected[0]?.length);
        const accuracy = cellAccuracy(expected, actual);
        console.log(`DOCX table cell accuracy ${csv}: ${accuracy.toFixed(4)} (${actual.length} rows)`);
        expect(accuracy).toBeGreaterThanOrEqual(minimum);
        const dataRows = expected.filter((row) => /\d/.test(row[row.length - 1] ?? '') && row[0]);
        expect(cellAccuracy(dataRows, actual)).toBe(1);
      });
    }
  });

  it('keeps pictures as pictures', async () => {
    const docx = await convert(join(corpus, 'pdf/GeoTopo-komprimiert.pdf'));
    const media = zipParts(docx).filter((p) => p.startsWith('word/media/'));
    expect((await listedImages(join(corpus, 'pdf/GeoTopo-komprimiert.pdf'))).length).toBeGreaterThan(0);
    expect(media.length).toBeGreaterThan(0);
  });

  it('OCRs a scanned page so its text becomes editable', async () => {
    const text = libreOfficeText(await convert(join(corpus, 'pdf-scanned/linn.pdf')));
    const reference = readFileSync(join(corpus, 'pdf-scanned/linn.expected.txt'), 'utf8');
    const { recall } = wordF1(reference, text);
    console.log(`DOCX OCR word recall linn.pdf: ${recall.toFixed(4)}`);
    expect(recall).toBeGreaterThan(0.7);
  });

  it('keeps a scanned page as its picture, with the OCR text added after it', async () => {
    const docx = await convert(join(corpus, 'pdf-scanned/linn.pdf'));
    const media = zipParts(docx).filter((p) => p.startsWith('word/media/') && !p.endsWith('/'));
    expect(media).toHaveLength(1);
    // the scan at its stored size (pdfimages -list: 2550 x 3300), not a thumbnail
    const picture = await sharp(
      execFileSync('unzip', ['-p', docx, media[0] ?? ''], { maxBuffer: 256 << 20 }),
    ).metadata();
    expect([picture.width, picture.height]).toEqual([2550, 3300]);
    expect(libreOfficeText(docx)).toContain('LinnSequencer');
  });

  it('keeps a photo page (no text at all) as a picture instead of an empty document', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docx-photo-'));
    try {
      const pdf = await PDFDocument.create();
      const photo = await pdf.embedJpg(readFileSync(join(corpus, 'images/300-dpi.jpg')));
      pdf.addPage([361, 465]).drawImage(photo, { x: 0, y: 0, width: 361, height: 465 });
      const source = join(dir, 'photo.pdf');
      await writeFile(source, await pdf.save());
      const docx = await convert(source);
      const media = zipParts(docx).filter((p) => p.startsWith('word/media/') && !p.endsWith('/'));
      expect(media).toHaveLength(1);
      const picture = await sharp(
        execFileSync('unzip', ['-p', docx, media[0] ?? ''], { maxBuffer: 256 << 20 }),
      ).metadata();
      expect([picture.width, picture.height]).toEqual([1504, 1936]);
      expect(zipPart(docx, 'word/document.xml')).toMatch(/<w:drawing>/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 422 for encrypted, empty and corrupt PDFs', async () => {
    await expect(
      answerToRejection(convert(join(corpus, 'pdf-encrypted/libreoffice-writer-password.pdf'))),
    ).resolves.toMatchObject({
      status: 422,
      code: 5003,
      message: 'The file is password protected. Provide its password to convert it.',
    });
    await expect(answerToRejection(convert(join(corpus, 'pdf-malformed/empty.pdf')))).resolves.toMatchObject({
      status: 422,
      code: 5002,
    });
    await expect(
      answerToRejection(convert(join(corpus, 'pdf-malformed/invalid.pdf'))),
    ).resolves.toMatchObject({
      status: 422,
      code: 5002,
    });
  });
});

describe('pdf/to/docx over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('converts an upload and serves a .docx Word opens', async () => {
    const answer = await server.convert('pdf/to/docx', { StoreFile: 'true' }, [
      join(corpus, 'pdf/crazyones.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('crazyones.docx');
    const j = await makeConverterContext(join(corpus, 'pdf/crazyones.pdf'));
    jobs.push(j);
    const path = await server.saveResult(file as NonNullable<typeof file>, j.ctx.workDir);
    expect(libreOfficeText(path).replace(/\s+/g, ' ')).toMatch(/Here.?s to the crazy ones/);
  });

  it('answers 422 with the Message for a password-protected PDF', async () => {
    const answer = await server.convert('pdf/to/docx', {}, [
      join(corpus, 'pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect(answer.status).toBe(422);
    expect(answer.body.Code).toBe(5003);
    expect(answer.body.Message).toMatch(/password/i);
  });
});
