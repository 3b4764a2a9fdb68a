import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { OCR_LANGUAGES as CATALOGUE_LANGUAGES, MORE_OCR_LANGUAGES } from '@docstudio/core';
import { degrees, PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OCR_LANGUAGE_MODELS, OCR_LANGUAGES, resolveOcrLanguage } from '../../engines/tesseract';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import {
  corpusFile,
  listedImages,
  pageCount,
  repoCorpusFile,
  run,
  useTestJob,
} from '../../testing/pdf-tools';
import { characterErrorRate, imageOnlyPdf, textPdf, wordRecall } from './ocr.testing';
import { pdfOcrConverter } from './pdf-ocr.converter';

const job = useTestJob();

/** Image count and pixel size per page as poppler lists them (page, width, height, colour, components, bpc). */
async function imageList(path: string) {
  return (await listedImages(path)).map(({ page, width, height, color, components, bitsPerComponent }) => ({
    page,
    width,
    height,
    color,
    components,
    bitsPerComponent,
  }));
}

async function ocr(source: string, params: Record<string, string> = {}): Promise<string> {
  const [result] = await convertAsSent(pdfOcrConverter, await job().context([source], params));
  expect(result?.fileName).toMatch(/-ocr\.pdf$/);
  return result?.path ?? '';
}

describe('pdf/to/ocr', () => {
  it('has every one of the 27 spec languages installed in Tesseract', async () => {
    const installed = new Set((await run('tesseract', ['--list-langs'])).split('\n').map((l) => l.trim()));
    expect(OCR_LANGUAGES).toHaveLength(27);
    // the catalogue's codes (what the UI offers) and this server's mapping are the same set
    expect([...OCR_LANGUAGES].sort()).toEqual(CATALOGUE_LANGUAGES.map((choice) => choice.value).sort());
    const missing = OCR_LANGUAGES.filter((code) => !installed.has(OCR_LANGUAGE_MODELS[code]));
    expect(missing).toEqual([]);
    // the further languages the picker offers are installed by scripts/install-engines.sh
    const unresolved = MORE_OCR_LANGUAGES.filter((choice) => resolveOcrLanguage(choice.value) === null);
    expect(unresolved).toEqual([]);
  });

  it('reads a 300 dpi render of known text with a character error rate under 2%', async () => {
    const source = corpusFile('pdf/crazyones.pdf');
    const scanned = join(job().workDir, 'crazyones-scan.pdf');
    await imageOnlyPdf(source, scanned, job().workDir);
    expect((await run('pdftotext', [scanned, '-'])).trim()).toBe('');
    const output = await ocr(scanned);
    // -raw: the text layer in the order OCR wrote it (reading order is not what CER measures)
    const text = await run('pdftotext', ['-raw', output, '-']);
    const truth = await readFile(corpusFile('pdf/crazyones.expected.txt'), 'utf8');
    const cer = characterErrorRate(text, truth);
    console.log(`OCR CER on rendered crazyones (300 dpi, eng): ${(cer * 100).toFixed(2)}%`);
    expect(cer).toBeLessThan(0.02);
    expect(await pageCount(output)).toBe(1);
    expect(await imageList(output)).toEqual(await imageList(scanned));
  });

  it('makes a real scan searchable and leaves its page images unchanged', async () => {
    const source = corpusFile('pdf-scanned/linn.pdf');
    const output = await ocr(source, { Language: 'en' });
    const text = await run('pdftotext', [output, '-']);
    const recall = wordRecall(text, await readFile(corpusFile('pdf-scanned/linn.expected.txt'), 'utf8'));
    console.log(`linn.pdf word recall against OCRmyPDF's reference text: ${(recall * 100).toFixed(1)}%`);
    expect(recall).toBeGreaterThan(0.85);
    expect(text).toContain('LinnSequencer');
    expect(await imageList(output)).toEqual(await imageList(source));
    expect(await pageCount(output)).toBe(1);
  });

  it('reads a scan stored sideways and turned upright by /Rotate, with words where the page shows them', async () => {
    // the scanner stored the page turned left; /Rotate 90 shows it upright
    await run('pdftoppm', [
      '-r',
      '300',
      '-png',
      '-singlefile',
      corpusFile('pdf/crazyones.pdf'),
      join(job().workDir, 'upright'),
    ]);
    const sideways = await sharp(join(job().workDir, 'upright.png')).rotate(-90).png().toBuffer();
    const doc = await PDFDocument.create();
    const image = await doc.embedPng(sideways);
    const page = doc.addPage([792, 612]);
    page.drawImage(image, { x: 0, y: 0, width: 792, height: 612 });
    page.setRotation(degrees(90));
    const source = join(job().workDir, 'sideways.pdf');
    await writeFile(source, await doc.save());

    const output = await ocr(source);
    expect(await run('pdfinfo', [output])).toMatch(/Page rot:\s+90/);
    const text = await run('pdftotext', ['-raw', output, '-']);
    const truth = await readFile(corpusFile('pdf/crazyones.expected.txt'), 'utf8');
    expect(characterErrorRate(text, truth)).toBeLessThan(0.02);
    // upright, the title is at the top left: the same place as on the original page
    const [original, searchable] = await Promise.all(
      [corpusFile('pdf/crazyones.pdf'), output].map(async (path) => {
        const bbox = await run('pdftotext', ['-bbox', path, '-']);
        const word = /xMin="([\d.]+)" yMin="([\d.]+)" xMax="[\d.]+" yMax="[\d.]+">Crazy</.exec(bbox);
        return [Number(word?.[1]), Number(word?.[2])];
      }),
    );
    expect(Math.abs((searchable?.[0] ?? 0) - (original?.[0] ?? 0))).toBeLessThan(6);
    expect(Math.abs((searchable?.[1] ?? 0) - (original?.[1] ?? 0))).toBeLessThan(6);
    expect(await imageList(output)).toEqual(await imageList(source));
  });

  it('keeps pages that already have a text layer as they are', async () => {
    const source = corpusFile('pdf-scanned/Seige_of_Vicksburg_Sample_OCR.pdf');
    const started = Date.now();
    const output = await ocr(source);
    const before = await run('pdftotext', [source, '-']);
    expect(before.length).toBeGreaterThan(1000);
    expect(await run('pdftotext', [output, '-'])).toBe(before);
    expect(await pageCount(output)).toBe(6);
    expect(await imageList(output)).toEqual(await imageList(source));
    // nothing was OCRed, so six pages take far less than six OCR runs
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('in a mixed document, OCRs only the scanned page and leaves the text page untouched', async () => {
    const mixed = join(job().workDir, 'mixed.pdf');
    await run('qpdf', [
      '--empty',
      '--pages',
      corpusFile('pdf/crazyones.pdf'),
      corpusFile('pdf-scanned/linn.pdf'),
      '--',
      mixed,
    ]);
    const output = await ocr(mixed);
    expect(await run('pdftotext', ['-f', '1', '-l', '1', output, '-'])).toBe(
      await run('pdftotext', ['-f', '1', '-l', '1', mixed, '-']),
    );
    // the same fonts (object numbers aside: qpdf renumbers objects when it writes)
    const fonts = async (path: string): Promise<string[]> =>
      (await run('pdffonts', ['-f', '1', '-l', '1', path]))
        .split('\n')
        .map((line) => line.replace(/\s+\d+\s+\d+\s*$/, ''));
    expect(await fonts(output)).toEqual(await fonts(mixed));
    expect(await run('pdftotext', ['-f', '2', '-l', '2', output, '-'])).toContain('LinnSequencer');
    expect(await imageList(output)).toEqual(await imageList(mixed));
  });

  it('reads German with the de model (umlauts and ß)', async () => {
    const source = join(job().workDir, 'german.pdf');
    await textPdf(
      [
        'Schöne Grüße aus Köln und Düsseldorf.',
        'Die Prüfung für größere Übungen',
        'beginnt am Montag um neun Uhr.',
      ],
      source,
      18,
    );
    const scanned = join(job().workDir, 'german-scan.pdf');
    await imageOnlyPdf(source, scanned, job().workDir);
    const text = await run('pdftotext', [await ocr(scanned, { Language: 'de' }), '-']);
    for (const word of ['Schöne', 'Grüße', 'Köln', 'Düsseldorf', 'Prüfung', 'größere', 'Übungen']) {
      expect(text).toContain(word);
    }
  });

  it('reads a French scan in French (fr, an installed language outside the 27) with its accents', async () => {
    const source = repoCorpusFile('pdf-scanned/francais.pdf');
    const truth = await readFile(repoCorpusFile('pdf-scanned/francais.expected.txt'), 'utf8');
    const french = await run('pdftotext', ['-raw', await ocr(source, { Language: 'fr' }), '-']);
    const english = await run('pdftotext', ['-raw', await ocr(source, { Language: 'en' }), '-']);
    const [frCer, enCer] = [characterErrorRate(french, truth), characterErrorRate(english, truth)];
    console.log(`francais.pdf CER: fr ${(frCer * 100).toFixed(2)}%, en ${(enCer * 100).toFixed(2)}%`);
    expect(frCer).toBeLessThan(0.02);
    expect(frCer).toBeLessThan(enCer);
    for (const word of ['île', 'côté', 'alcôve', 'bûches', 'âtre', 'ambiguë', 'capharnaüm', 'œuvre']) {
      // NFC: the text layer may hold a letter and its combining accent as two code points
      expect(french.normalize('NFC')).toContain(word);
    }
  });

  it('answers 400 InvalidParameters for a language neither listed nor installed', async () => {
    for (const bad of ['xx', 'english', 'zh', 'en-US', 'vie', '../eng']) {
      expect(parameterProblems(pdfOcrConverter, { Language: bad })).toHaveProperty('Language');
    }
    // the 27, and installed models by ISO 639-1, 639-2 (T and B) or Tesseract's own name
    for (const good of [
      'en',
      'zh-cn',
      'ZH-TW',
      'ua',
      '',
      'eng',
      'fr',
      'fre',
      'cs',
      'ces',
      'sr-Latn',
      'chi_sim',
    ])
      expect(parameterProblems(pdfOcrConverter, { Language: good })).toBeNull();
    const ctx = await job().context([corpusFile('pdf-scanned/linn.pdf')], { Language: 'klingon' });
    await expect(answerToRejection(convertAsSent(pdfOcrConverter, ctx))).resolves.toMatchObject({
      status: 400,
      code: 4000,
      invalidParameters: { Language: [expect.stringContaining('zh-cn')] },
    });
  });

  it('answers 422 for password-protected and damaged files', async () => {
    for (const [source, code] of [
      [corpusFile('pdf-encrypted/r6-both-passwords.pdf'), 5003],
      [corpusFile('pdf-malformed/invalid.pdf'), 5002],
      [corpusFile('pdf-malformed/empty.pdf'), 5002],
    ] as const) {
      const ctx = await job().context([source]);
      await expect(answerToRejection(convertAsSent(pdfOcrConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });

  it('stops a huge document at the job deadline and leaves no engine running', async () => {
    const huge = join(job().workDir, 'huge.pdf');
    const scan = corpusFile('pdf-scanned/linn.pdf');
    await run('qpdf', ['--empty', '--pages', ...Array.from({ length: 400 }, () => scan), '--', huge]);
    const ctx = { ...(await job().context([huge])), deadlineAt: Date.now() + 6_000 };
    const started = Date.now();
    await expect(answerToRejection(convertAsSent(pdfOcrConverter, ctx))).resolves.toMatchObject({
      status: 504,
      code: 5000,
    });
    expect(Date.now() - started).toBeLessThan(15_000);
    // SIGKILL of the process group is asynchronous: allow the kernel a moment to reap it
    let leftovers: string[] = [];
    for (let attempt = 0; attempt < 20; attempt++) {
      leftovers = (await run('ps', ['-eo', 'pid,stat,args']))
        .split('\n')
        .filter((line) => line.includes(job().workDir));
      if (leftovers.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(leftovers).toEqual([]);
  });
});
