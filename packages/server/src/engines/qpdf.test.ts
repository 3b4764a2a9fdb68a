import { copyFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { jemallocLibrary } from '../../memory.mjs';
import { answerToRejection } from '../testing/error-answers';
import { corpusFile, exitCode, listedImages, pageCount, run, useTestJob } from '../testing/pdf-tools';
import {
  assemblePages,
  assemblyEnv,
  countFormFields,
  decryptPdf,
  encryptPdf,
  recompressImagesOnly,
  splitIntoChunks,
  toQpdfRange,
} from './qpdf';
import { exitAfterWriteLibrary } from './qpdf-exit/exit-after-write';

const job = useTestJob();

const options = { timeoutMs: 30_000 };

describe('qpdf engine', () => {
  it('writes page lists in qpdf range syntax', () => {
    expect(toQpdfRange([5, 1, 2, 3, 3, 9, 10])).toBe('1-3,5,9-10');
    expect(toQpdfRange([7])).toBe('7');
  });

  it('assembles from 10 distinct files on jemalloc, from fewer on the system allocator, and exits once written', async () => {
    expect(jemallocLibrary()).toBeDefined(); // libjemalloc2 is in the engine list
    // every assembly ends once its output is written (qpdf-exit/exit-after-write.c)
    const exitAfterWrite = exitAfterWriteLibrary();
    expect(exitAfterWrite).toBeDefined();
    expect(assemblyEnv(9)).toEqual({ LD_PRELOAD: exitAfterWrite });
    expect(assemblyEnv(10)).toEqual({
      LD_PRELOAD: `${exitAfterWrite} ${jemallocLibrary()}`,
      MALLOC_CONF: 'thp:always',
    });
    // and qpdf assembles on it: 12 distinct files, every page in order
    const sources = ['pdf/crazyones.pdf', 'pdf/pdflatex-4-pages.pdf', 'pdf/tagged.pdf'].map(corpusFile);
    const parts: string[] = [];
    for (let index = 0; index < 12; index += 1) {
      parts.push(join(job().workDir, `part-${index}.pdf`));
      await copyFile(sources[index % sources.length] ?? '', parts[index] ?? '');
    }
    const output = join(job().workDir, 'assembled.pdf');
    await assemblePages(
      parts.map((path) => ({ path })),
      output,
      options,
    );
    const counts = await Promise.all(sources.map((source) => pageCount(source)));
    expect(await pageCount(output)).toBe(4 * counts.reduce((sum, count) => sum + count, 0));
    expect(await exitCode('qpdf', ['--check', output])).toBe(0);
  });

  it('encrypts and decrypts through job files it removes afterwards', async () => {
    const encrypted = join(job().workDir, 'enc.pdf');
    const decrypted = join(job().workDir, 'dec.pdf');
    const source = corpusFile('pdf/crazyones.pdf');
    await encryptPdf(source, encrypted, {
      userPassword: 'u',
      ownerPassword: 'o',
      workDir: job().workDir,
      ...options,
    });
    expect(await exitCode('qpdf', ['--requires-password', encrypted])).toBe(0);
    await decryptPdf(encrypted, decrypted, { password: 'o', workDir: job().workDir, ...options });
    expect(await exitCode('qpdf', ['--is-encrypted', decrypted])).toBe(2);
    expect((await readdir(job().workDir)).filter((name) => name.includes('qpdf-job'))).toEqual([]);
  });

  it('maps a wrong password to 422 InvalidPassword', async () => {
    const out = join(job().workDir, 'out.pdf');
    await expect(
      answerToRejection(
        decryptPdf(corpusFile('pdf-encrypted/r6-both-passwords.pdf'), out, {
          password: 'wrong',
          workDir: job().workDir,
          ...options,
        }),
      ),
    ).resolves.toMatchObject({ status: 422, code: 5006 });
  });

  it('splits into chunks in page order and counts form fields', async () => {
    const parts = await splitIntoChunks(corpusFile('pdf/pdflatex-4-pages.pdf'), job().workDir, 3, options);
    expect(await Promise.all(parts.map((part) => pageCount(part)))).toEqual([3, 1]);
    expect(await countFormFields(corpusFile('pdf/libreoffice-form.pdf'), options)).toBe(9);
    expect(await countFormFields(corpusFile('pdf/crazyones.pdf'), options)).toBe(0);
  });

  it('recompresses only the images (a Flate photo to JPEG), leaving the text and fonts as they were', async () => {
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([400, 400]);
    const photo = await sharp(corpusFile('images/300-dpi.jpg')).resize(600).png().toBuffer();
    page.drawImage(await pdf.embedPng(photo), { x: 20, y: 80, width: 300, height: 300 });
    page.drawText('Dépôt légal 2024', {
      x: 20,
      y: 40,
      size: 18,
      font: await pdf.embedFont(StandardFonts.Helvetica),
    });
    const source = join(job().workDir, 'photo-and-text.pdf');
    await writeFile(source, await pdf.save());
    const output = join(job().workDir, 'images-only.pdf');
    await recompressImagesOnly(source, output, options);
    expect((await listedImages(output))[0]?.encoding).toBe('jpeg');
    expect((await stat(output)).size).toBeLessThan((await stat(source)).size / 2);
    expect(await run('pdftotext', [output, '-'])).toBe(await run('pdftotext', [source, '-']));
    // the same fonts, as pdffonts lists them (object numbers aside: the rewrite renumbers)
    const fonts = async (path: string) => (await run('pdffonts', [path])).replace(/\s+\d+\s+\d+\s*$/gm, '');
    expect(await fonts(output)).toBe(await fonts(source));
  });
});
