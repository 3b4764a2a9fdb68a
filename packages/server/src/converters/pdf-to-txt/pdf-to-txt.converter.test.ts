import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { detectPdfPageLanguage } from '../../engines/language-detection';
import { ocrPageText } from '../../engines/tesseract';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, run, useTestJob } from '../../testing/pdf-tools';
import { characterErrorRate, wordRecall } from '../pdf-ocr/ocr.testing';
import { PAGE_SEPARATOR, pdfToTxtConverter } from './pdf-to-txt.converter';

// Counted, not replaced: every call still runs Tesseract. A text-layer page must call neither.
vi.mock('../../engines/tesseract', async (original) => {
  const real = await original<typeof import('../../engines/tesseract')>();
  return { ...real, ocrPageText: vi.fn(real.ocrPageText) };
});
vi.mock('../../engines/language-detection', async (original) => {
  const real = await original<typeof import('../../engines/language-detection')>();
  return { ...real, detectPdfPageLanguage: vi.fn(real.detectPdfPageLanguage) };
});

const job = useTestJob();

async function toText(source: string, params: Record<string, string> = {}): Promise<string[]> {
  const [result] = await convertAsSent(pdfToTxtConverter, await job().context([source], params));
  expect(result?.fileName).toMatch(/\.txt$/);
  const text = await readFile(result?.path ?? '', 'utf8');
  return text.split(`${PAGE_SEPARATOR}\n`);
}

/** A one-page image-only PDF of a corpus image (1-bit TIFFs become PNG; 300 dpi page size). */
async function imagePdf(image: string, output: string): Promise<void> {
  const png = await sharp(image).png().toBuffer();
  const { width = 0, height = 0 } = await sharp(png).metadata();
  const doc = await PDFDocument.create();
  const embedded = await doc.embedPng(png);
  const page = doc.addPage([(width * 72) / 300, (height * 72) / 300]);
  page.drawImage(embedded, { x: 0, y: 0, width: page.getWidth(), height: page.getHeight() });
  await (await import('node:fs/promises')).writeFile(output, await doc.save());
}

describe('pdf/to/txt', () => {
  it('reads a text-layer page from its text layer, exactly (no OCR)', async () => {
    vi.mocked(ocrPageText).mockClear();
    vi.mocked(detectPdfPageLanguage).mockClear();
    const pages = await toText(corpusFile('pdf/crazyones.pdf'));
    expect(pages).toHaveLength(1);
    const truth = await readFile(corpusFile('pdf/crazyones.expected.txt'), 'utf8');
    expect(characterErrorRate(pages[0] ?? '', truth)).toBe(0);
    expect(ocrPageText).not.toHaveBeenCalled();
    expect(detectPdfPageLanguage).not.toHaveBeenCalled();
  });

  it('keeps pages apart with a form feed: text layer where present, OCR where not', async () => {
    const mixed = join(job().workDir, 'mixed.pdf');
    await run('qpdf', [
      '--empty',
      '--pages',
      corpusFile('pdf/crazyones.pdf'),
      corpusFile('pdf-scanned/ccitt.pdf'),
      '--',
      mixed,
    ]);
    vi.mocked(ocrPageText).mockClear();
    const pages = await toText(mixed, { Language: 'en' });
    expect(pages).toHaveLength(2);
    expect(ocrPageText).toHaveBeenCalledTimes(1); // the scanned page only
    expect(pages[0]).toContain('to the crazy ones. The misfits.');
    const recall = wordRecall(
      pages[1] ?? '',
      await readFile(corpusFile('pdf-scanned/linn.expected.txt'), 'utf8'),
    );
    console.log(`ccitt.pdf (CCITT G4 scan) word recall: ${(recall * 100).toFixed(1)}%`);
    expect(recall).toBeGreaterThan(0.85);
  });

  it("reads Tesseract's ground-truth test image with a low character error rate", async () => {
    const source = join(job().workDir, 'phototest.pdf');
    await imagePdf(corpusFile('images/phototest.tif'), source);
    expect((await run('pdftotext', [source, '-'])).trim()).toBe('');
    const [text] = await toText(source);
    const cer = characterErrorRate(
      text ?? '',
      await readFile(corpusFile('images/phototest.expected.txt'), 'utf8'),
    );
    console.log(`phototest.tif CER: ${(cer * 100).toFixed(2)}%`);
    expect(cer).toBeLessThan(0.02);
  });

  it('reads a skewed scan and an old-typeface scan', async () => {
    // English named: what is measured is the reading of skew and old type, not the language search
    const [skewed] = await toText(corpusFile('pdf-scanned/skew.pdf'), { Language: 'en' });
    const recall = wordRecall(
      skewed ?? '',
      await readFile(corpusFile('pdf-scanned/linn.expected.txt'), 'utf8'),
    );
    console.log(`skew.pdf word recall: ${(recall * 100).toFixed(1)}%`);
    expect(recall).toBeGreaterThan(0.7);
    const [huck] = await toText(corpusFile('pdf-scanned/c02-22.pdf'), { Language: 'en' });
    expect((huck ?? '').length).toBeGreaterThan(500);
    expect(huck).toMatch(/\b(the|and|was)\b/);
  });

  it('answers 400 for an unknown language and 422 for protected or damaged files', async () => {
    expect(parameterProblems(pdfToTxtConverter, { Language: 'xx' })).toHaveProperty('Language');
    expect(parameterProblems(pdfToTxtConverter, { Language: 'th' })).toBeNull();
    const bad = await job().context([corpusFile('pdf/crazyones.pdf')], { Language: 'english' });
    await expect(answerToRejection(convertAsSent(pdfToTxtConverter, bad))).resolves.toMatchObject({
      status: 400,
      code: 4000,
    });
    for (const [source, code] of [
      [corpusFile('pdf-encrypted/r4-aes-user-password.pdf'), 5003],
      [corpusFile('pdf-malformed/invalid.pdf'), 5002],
    ] as const) {
      await expect(
        answerToRejection(convertAsSent(pdfToTxtConverter, await job().context([source]))),
      ).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });

  it('stops at the deadline on a huge scanned document', async () => {
    const huge = join(job().workDir, 'huge.pdf');
    const scan = corpusFile('pdf-scanned/linn.pdf');
    await run('qpdf', ['--empty', '--pages', ...Array.from({ length: 300 }, () => scan), '--', huge]);
    const ctx = { ...(await job().context([huge])), deadlineAt: Date.now() + 5_000 };
    const started = Date.now();
    await expect(answerToRejection(convertAsSent(pdfToTxtConverter, ctx))).resolves.toMatchObject({
      status: 504,
      code: 5000,
    });
    expect(Date.now() - started).toBeLessThan(12_000);
  });
});
