import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { answerToRejection } from '../testing/error-answers';
import { inspectPdf } from './pdf-inspect';

const corpus = CORPUS_DIR;

describe('inspectPdf', () => {
  it('counts the pages of a plain PDF and says it is not encrypted', async () => {
    expect(await inspectPdf(join(corpus, 'pdf/pdflatex-4-pages.pdf'))).toEqual({
      pages: 4,
      encrypted: false,
    });
  });

  it('opens a protected PDF with its password, and tells a missing from a wrong one', async () => {
    const file = join(corpus, 'pdf-encrypted/r6-both-passwords.pdf');
    expect(await inspectPdf(file, { password: 'foo' })).toEqual({ pages: 1, encrypted: true });
    await expect(answerToRejection(inspectPdf(file))).resolves.toMatchObject({ status: 422, code: 5003 });
    await expect(answerToRejection(inspectPdf(file, { password: 'wrong' }))).resolves.toMatchObject({
      status: 422,
      code: 5006,
    });
  });

  it('says an owner-only file is encrypted although it opens without a password', async () => {
    expect(await inspectPdf(join(corpus, 'pdf-encrypted/r4-owner-password.pdf'))).toEqual({
      pages: 1,
      encrypted: true,
    });
    expect(
      await inspectPdf(join(corpus, 'pdf-encrypted/unencrypted.pdf'), { password: 'not needed' }),
    ).toEqual({ pages: 1, encrypted: false });
  });

  it('asks for the password of every file that needs one, whatever its encryption revision', async () => {
    for (const name of ['r2-user-password.pdf', 'health_protected.pdf', 'r4-aes-user-password.pdf']) {
      await expect(
        answerToRejection(inspectPdf(join(corpus, 'pdf-encrypted', name))),
        name,
      ).resolves.toMatchObject({ status: 422, code: 5003 });
    }
  });

  it('answers 422 Damaged for an empty and a header-only file', async () => {
    for (const name of ['empty.pdf', 'invalid.pdf']) {
      await expect(
        answerToRejection(inspectPdf(join(corpus, 'pdf-malformed', name))),
        name,
      ).resolves.toMatchObject({
        status: 422,
        code: 5002,
      });
    }
  });
});
