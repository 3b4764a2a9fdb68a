import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import { corpusFile, exitCode, pageText, run, useTestJob } from '../../testing/pdf-tools';
import { pdfUnprotectConverter } from './pdf-unprotect.converter';

const job = useTestJob();

const both = corpusFile('pdf-encrypted/r6-both-passwords.pdf');
const original = corpusFile('pdf-encrypted/unencrypted.pdf');

describe('pdf/to/unprotect', () => {
  it('removes AES-256 encryption with the user password or the owner password', async () => {
    for (const password of ['foo', 'bar']) {
      const [result] = await convertAsSent(
        pdfUnprotectConverter,
        await job().context([both], { Password: password }),
      );
      const path = result?.path ?? '';
      expect(result?.fileName).toBe('r6-both-passwords-unprotected.pdf');
      expect(await exitCode('qpdf', ['--is-encrypted', path])).toBe(2);
      expect(await exitCode('qpdf', ['--requires-password', path])).toBe(2);
      expect((await pageText(path, 1)).trim()).toBe((await pageText(original, 1)).trim());
    }
  });

  it('removes RC4 and AES-128 encryption of other producers', async () => {
    for (const [file, password] of [
      ['pdf-encrypted/libreoffice-writer-password.pdf', 'openpassword'],
      ['pdf-encrypted/r4-aes-user-password.pdf', 'asdfzxcv'],
      ['pdf-encrypted/health_protected.pdf', 'ownerpass'],
      ['pdf-encrypted/r4-owner-password.pdf', 'asdfzxcv'],
    ] as const) {
      const [result] = await convertAsSent(
        pdfUnprotectConverter,
        await job().context([corpusFile(file)], { Password: password }),
      );
      expect(await run('qpdf', ['--show-encryption', result?.path ?? ''])).toMatch(/File is not encrypted/);
    }
  });

  it('answers 422 InvalidPassword with a clear message for a wrong password', async () => {
    for (const file of ['pdf-encrypted/r6-both-passwords.pdf', 'pdf-encrypted/health_protected.pdf']) {
      const ctx = await job().context([corpusFile(file)], { Password: 'wrongpass' });
      await expect(answerToRejection(convertAsSent(pdfUnprotectConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code: 5006,
        message: expect.stringMatching(/password is incorrect/i),
      });
    }
  });

  it('answers 400 for a missing or blank password', async () => {
    expect(parameterProblems(pdfUnprotectConverter, {})).toEqual({
      Password: ['Please enter the password to unlock the PDF.'],
    });
    expect(parameterProblems(pdfUnprotectConverter, { Password: ' ' })).toHaveProperty('Password');
    await expect(
      answerToRejection(convertAsSent(pdfUnprotectConverter, await job().context([both], {}))),
    ).resolves.toMatchObject({
      status: 400,
      code: 4000,
    });
  });

  it('answers 422 Damaged for corrupt and empty files', async () => {
    const empty = join(job().workDir, 'empty.pdf');
    await writeFile(empty, '');
    for (const file of [corpusFile('pdf-malformed/invalid.pdf'), empty]) {
      const ctx = await job().context([file], { Password: 'foo' });
      await expect(answerToRejection(convertAsSent(pdfUnprotectConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code: 5002,
      });
    }
  });
});
