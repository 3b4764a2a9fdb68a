import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, pageCount, pageText, run, unreadablePdfs, useTestJob } from '../../testing/pdf-tools';
import { pdfWatermarkConverter } from './pdf-watermark.converter';

const job = useTestJob();

interface Word {
  page: number;
  pageWidth: number;
  pageHeight: number;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  text: string;
}

/** Words and their boxes as poppler sees them on the page as displayed (origin top-left). */
async function words(path: string, text: string): Promise<Word[]> {
  const html = await run('pdftotext', ['-bbox', path, '-']);
  const found: Word[] = [];
  let page = 0;
  let size = { pageWidth: 0, pageHeight: 0 };
  for (const line of html.split('\n')) {
    const pageMatch = /<page width="([\d.]+)" height="([\d.]+)"/.exec(line);
    if (pageMatch) {
      page += 1;
      size = { pageWidth: Number(pageMatch[1]), pageHeight: Number(pageMatch[2]) };
    }
    const word = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</.exec(line);
    if (word && word[5] === text) {
      const [xMin, yMin, xMax, yMax] = word.slice(1, 5).map(Number) as [number, number, number, number];
      found.push({ page, ...size, xMin, yMin, xMax, yMax, text });
    }
  }
  return found;
}

/** The page content as qpdf writes it uncompressed, to read operators and graphics states. */
async function uncompressed(path: string): Promise<string> {
  const out = join(job().workDir, 'qdf.pdf');
  await run('qpdf', ['--qdf', '--object-streams=disable', path, out]);
  return (await readFile(out)).toString('latin1');
}

describe('pdf/to/watermark', () => {
  it('puts the text on every page of a 117-page book', async () => {
    const book = corpusFile('pdf/GeoTopo-komprimiert.pdf');
    const [result] = await convertAsSent(
      pdfWatermarkConverter,
      await job().context([book], { Text: 'CONFIDENTIAL' }),
    );
    const path = result?.path ?? '';
    expect(result?.fileName).toBe('GeoTopo-komprimiert-watermarked.pdf');
    expect(await pageCount(path)).toBe(117);
    const pages = new Set((await words(path, 'CONFIDENTIAL')).map((word) => word.page));
    expect(pages.size).toBe(117);
    expect(await pageText(path, 50)).toContain((await pageText(book, 50)).trim().split('\n')[0]?.trim());
  });

  it('places the text upright at the top left of pages with every /Rotate value', async () => {
    const source = corpusFile('pdf/habibi-rotated.pdf');
    const ctx = await job().context([source], {
      Text: 'DRAFT',
      HorizontalAlignment: 'left',
      VerticalAlignment: 'top',
      FontSize: '36',
    });
    const [result] = await convertAsSent(pdfWatermarkConverter, ctx);
    const found = await words(result?.path ?? '', 'DRAFT');
    expect(found.map((word) => word.page)).toEqual([1, 2, 3, 4]);
    for (const word of found) {
      expect(word.xMin).toBeCloseTo(24, 0);
      expect(word.yMin).toBeCloseTo(24, 0);
      expect(word.xMax - word.xMin).toBeGreaterThan(word.yMax - word.yMin);
    }
  });

  it('aligns to the right and bottom, and to the centre', async () => {
    const source = corpusFile('pdf/crazyones.pdf');
    const [corner] = await convertAsSent(
      pdfWatermarkConverter,
      await job().context([source], {
        Text: 'COPY',
        HorizontalAlignment: 'right',
        VerticalAlignment: 'bottom',
      }),
    );
    const [atCorner] = await words(corner?.path ?? '', 'COPY');
    expect(atCorner?.xMax).toBeCloseTo((atCorner?.pageWidth ?? 0) - 24, 0);
    expect(atCorner?.yMax).toBeGreaterThan((atCorner?.pageHeight ?? 0) - 40);
    const [centred] = await convertAsSent(
      pdfWatermarkConverter,
      await job().context([source], { Text: 'SAMPLE' }),
    );
    const [atCentre] = await words(centred?.path ?? '', 'SAMPLE');
    expect(((atCentre?.xMin ?? 0) + (atCentre?.xMax ?? 0)) / 2).toBeCloseTo(
      (atCentre?.pageWidth ?? 0) / 2,
      0,
    );
    expect(
      Math.abs(((atCentre?.yMin ?? 0) + (atCentre?.yMax ?? 0)) / 2 - (atCentre?.pageHeight ?? 0) / 2),
    ).toBeLessThan(6);
  });

  it('writes the opacity, colours, rendering mode and rotation asked for', async () => {
    const ctx = await job().context([corpusFile('pdf/crazyones.pdf')], {
      Text: 'SECRET',
      Opacity: '45',
      FontColor: '#ff0000',
      StrokeColor: '#0000FF',
      TextRenderingMode: 'fillstroke',
      Rotate: '90',
      FontSize: '48',
    });
    const [result] = await convertAsSent(pdfWatermarkConverter, ctx);
    const content = await uncompressed(result?.path ?? '');
    expect(content).toMatch(/\/CA 0\.45/);
    expect(content).toMatch(/\/ca 0\.45/);
    expect(content).toMatch(/1 0 0 rg/);
    expect(content).toMatch(/0 0 1 RG/);
    expect(content).toMatch(/\b2 Tr/);
    expect(content).toMatch(/\/BaseFont \/Helvetica-Bold/);
    const [word] = await words(result?.path ?? '', 'SECRET');
    // Turned 90 degrees: taller than wide on the page.
    expect((word?.yMax ?? 0) - (word?.yMin ?? 0)).toBeGreaterThan((word?.xMax ?? 0) - (word?.xMin ?? 0));
  });

  it('keeps diagonal text as one string that a second reader (MuPDF) extracts on every page', async () => {
    const ctx = await job().context([corpusFile('pdf/pdflatex-4-pages.pdf')], {
      Text: 'CONFIDENTIAL',
      Rotate: '45',
    });
    const [result] = await convertAsSent(pdfWatermarkConverter, ctx);
    const mupdf = await import('mupdf');
    const doc = mupdf.Document.openDocument(await readFile(result?.path ?? ''), 'application/pdf');
    for (let page = 0; page < doc.countPages(); page += 1) {
      expect(doc.loadPage(page).toStructuredText('preserve-whitespace').asText()).toContain('CONFIDENTIAL');
    }
  });

  it('writes invisible text that is still found by text extraction', async () => {
    const ctx = await job().context([corpusFile('pdf/crazyones.pdf')], {
      Text: 'HIDDEN',
      TextRenderingMode: 'invisible',
    });
    const [result] = await convertAsSent(pdfWatermarkConverter, ctx);
    expect(await uncompressed(result?.path ?? '')).toMatch(/\b3 Tr/);
    expect(await pageText(result?.path ?? '', 1)).toContain('HIDDEN');
  });

  it('rejects every bad parameter value with the field name', () => {
    const base = { Text: 'CONFIDENTIAL' };
    expect(parameterProblems(pdfWatermarkConverter, { Text: '' })).toEqual({
      Text: ['Please enter watermark text'],
    });
    expect(parameterProblems(pdfWatermarkConverter, { Text: '  ' })).toHaveProperty('Text');
    expect(parameterProblems(pdfWatermarkConverter, { Text: '机密' })).toHaveProperty('Text');
    const bad: Record<string, string[]> = {
      HorizontalAlignment: ['middle', 'top'],
      VerticalAlignment: ['middle', 'left'],
      Opacity: ['5', '85', '0.3', 'half'],
      FontSize: ['0', '5', '-3', 'big', '145', '12.5'],
      Rotate: ['-15', '361', 'ninety'],
      TextRenderingMode: ['fill', 'outline'],
      FontColor: ['red', '#fff', '#12345g'],
      StrokeColor: ['blue', '#0000ff00'],
    };
    for (const [field, values] of Object.entries(bad)) {
      for (const value of values) {
        expect(
          parameterProblems(pdfWatermarkConverter, { ...base, [field]: value }),
          `${field}=${value}`,
        ).toHaveProperty(field);
      }
    }
    expect(
      parameterProblems(pdfWatermarkConverter, {
        Text: 'Entwurf – Größe',
        HorizontalAlignment: 'right',
        VerticalAlignment: 'top',
        Opacity: '80',
        FontSize: '12',
        Rotate: '360',
        TextRenderingMode: 'stroketext',
        FontColor: '#AbCdEf',
        StrokeColor: '#000000',
      }),
    ).toBeNull();
  });

  it('answers 422 for damaged, empty and password-protected input', async () => {
    for (const [file, code] of await unreadablePdfs(job())) {
      await expect(
        answerToRejection(convertAsSent(pdfWatermarkConverter, await job().context([file], { Text: 'X' }))),
      ).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });

  it("stops the stamping process at the job's deadline with a 504", async () => {
    const ctx = await job().context([corpusFile('pdf/GeoTopo-komprimiert.pdf')], { Text: 'LATE' });
    await expect(
      answerToRejection(convertAsSent(pdfWatermarkConverter, { ...ctx, deadlineAt: Date.now() + 150 })),
    ).resolves.toMatchObject({
      status: 504,
      code: 5000,
    });
  });

  it('stamps a file with a broken cross-reference table', async () => {
    const ctx = await job().context([corpusFile('pdf-malformed/issue-297.pdf')], { Text: 'REPAIRED' });
    const [result] = await convertAsSent(pdfWatermarkConverter, ctx);
    expect(await pageText(result?.path ?? '', 1)).toContain('REPAIRED');
  });
});
