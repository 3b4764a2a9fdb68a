import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { answerToRejection } from '../testing/error-answers';
import { corpusFile, exitCode, pageCount, useTestJob } from '../testing/pdf-tools';
import { countFormFields, decryptPdf, encryptPdf, splitIntoChunks, toQpdfRange } from './qpdf';

const job = useTestJob();

const options = { timeoutMs: 30_000 };

describe('qpdf engine', () => {
  it('writes page lists in qpdf range syntax', () => {
    expect(toQpdfRange([5, 1, 2, 3, 3, 9, 10])).toBe('1-3,5,9-10');
    expect(toQpdfRange([7])).toBe('7');
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
});
