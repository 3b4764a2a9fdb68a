/**
 * Text in fonts without a usable Unicode map (tests/corpus/pdf-unmapped): MuPDF and pdftotext read
 * it as U+FFFD or wrong code points; every PDF-to-Office and txt output must carry what OCR of its
 * rendered area reads instead, in the request's language or the one its script implies.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMupdf } from '../../engines/mupdf';
import { readPageContent } from '../../engines/pdf-structure';
import { pptxSlideTexts, zipPart } from '../../engines/pdf-structure/office-readback';
import { unreadableLines } from '../../engines/pdf-structure/unreadable-text';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { REPO_CORPUS_DIR } from '../../testing/corpus';
import { corpusFile } from '../../testing/pdf-tools';
import type { Converter } from '../converter.types';
import { characterErrorRate } from '../pdf-ocr/ocr.testing';
import { pdfToDocx } from '../pdf-to-docx';
import { pdfToPptx } from '../pdf-to-pptx';
import { pdfToXlsx } from '../pdf-to-xlsx';
import { pdfToTxtConverter } from './pdf-to-txt.converter';

const unmapped = (name: string): string => join(REPO_CORPUS_DIR, 'pdf-unmapped', name);
const czech = unmapped('udhr-cs-no-tounicode.pdf');
const truth = readFileSync(unmapped('udhr-cs-no-tounicode.expected.txt'), 'utf8');
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});

async function convert(
  converter: Converter,
  source: string,
  params: Record<string, string> = {},
): Promise<string> {
  const job = await makeConverterContext(source, params);
  jobs.push(job);
  const [result] = await convertAsSent(converter, job.ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

const docxText = (path: string): string =>
  (zipPart(path, 'word/document.xml').match(/<w:p[ >][\s\S]*?<\/w:p>/g) ?? [])
    .map((p) =>
      (p.match(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g) ?? []).map((t) => t.replace(/<[^>]+>/g, '')).join(''),
    )
    .join('\n');

describe('text whose font has no Unicode map', () => {
  it('is garbage in the file itself (what the tests below must overcome)', () => {
    const layer = execFileSync('pdftotext', [czech, '-'], { encoding: 'utf8' });
    expect(layer).not.toContain('Všichni');
  });

  it('pdf/to/txt reads it by OCR in the request language', async () => {
    const text = await readFile(await convert(pdfToTxtConverter, czech, { Language: 'cs' }), 'utf8');
    expect(text).not.toMatch(/[\uFFFD\uE000-\uF8FF]/);
    expect(text).toContain('Všichni lidé rodí se svobodní a sobě rovní');
    expect(characterErrorRate(text, truth)).toBeLessThan(0.03);
  });

  it('pdf/to/docx reads it by OCR, the language found from the script (no Language sent)', async () => {
    const docx = docxText(await convert(pdfToDocx, czech));
    expect(docx).not.toMatch(/[\uFFFD\uE000-\uF8FF]/);
    expect(docx).toContain('Každý má všechna práva a všechny svobody');
    expect(characterErrorRate(docx, truth)).toBeLessThan(0.03);
  });

  it('pdf/to/pptx and pdf/to/xlsx carry the OCR text too', async () => {
    const slides = pptxSlideTexts(await convert(pdfToPptx, czech)).join('\n');
    expect(slides).not.toMatch(/\uFFFD/);
    expect(slides).toContain('Všeobecná deklarace lidských práv');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await convert(pdfToXlsx, czech));
    const cells: string[] = [];
    workbook.worksheets[0]?.eachRow((row) => cells.push(String(row.getCell(1).value ?? '')));
    expect(cells).toContain('Článek 1');
  });

  it("leaves a textbook's scattered unmapped math symbols to the text layer (no page sent to OCR)", async () => {
    const mupdf = await loadMupdf();
    const doc = mupdf.Document.openDocument(
      readFileSync(corpusFile('pdf/GeoTopo-komprimiert.pdf')),
      'application/pdf',
    );
    let withSymbols = 0;
    let sentToOcr = 0;
    for (let i = 0; i < doc.countPages(); i++) {
      const { lines } = readPageContent(mupdf, doc.loadPage(i), false);
      if (lines.some((line) => /\uFFFD/.test(line.text))) withSymbols++;
      if (unreadableLines(lines).length > 0) sentToOcr++;
    }
    // 14 pages have a few (under 7 a line, 6% of the page): OCR there would cost seconds for nothing
    expect(withSymbols).toBeGreaterThan(10);
    expect(sentToOcr).toBe(0);
    const czechPage = mupdf.Document.openDocument(readFileSync(czech), 'application/pdf').loadPage(0);
    expect(unreadableLines(readPageContent(mupdf, czechPage, false).lines).length).toBeGreaterThan(5);
  });

  it('reads Arabic in an Identity-H subset without ToUnicode (pdf.js complex_ttf_font) as Arabic', async () => {
    const docx = docxText(await convert(pdfToDocx, unmapped('complex_ttf_font.pdf')));
    const letters = docx.replace(/[\s\d\p{P}]/gu, '');
    const arabic = letters.match(/\p{Script=Arabic}/gu)?.length ?? 0;
    expect(docx).not.toMatch(/\uFFFD/);
    expect(letters.length).toBeGreaterThan(100);
    expect(arabic / letters.length).toBeGreaterThan(0.9);
  });
});
