import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { answerToRejection } from '../../testing/error-answers';
import {
  corpusFile,
  exitCode,
  pageCount,
  pageText,
  run,
  unreadablePdfs,
  useTestJob,
} from '../../testing/pdf-tools';
import { pdfProtectConverter } from './pdf-protect.converter';

const job = useTestJob();

const source = corpusFile('pdf/pdflatex-4-pages.pdf');

describe('pdf/to/protect', () => {
  it('encrypts with AES-256 so the file needs the user password, which opens it', async () => {
    const [result] = await convertAsSent(
      pdfProtectConverter,
      await job().context([source], { UserPassword: 's3cret pw' }),
    );
    const path = result?.path ?? '';
    expect(result?.fileName).toBe('pdflatex-4-pages-protected.pdf');
    expect(await exitCode('qpdf', ['--requires-password', path])).toBe(0);
    const encryption = await run('qpdf', ['--password=s3cret pw', '--show-encryption', path]);
    expect(encryption).toMatch(/R = 6/);
    expect(encryption).toMatch(/stream encryption method: AESv3/);
    expect(await pageCount(path, 's3cret pw')).toBe(4);
    const decrypted = join(job().workDir, 'check.pdf');
    await run('qpdf', ['--password=s3cret pw', '--decrypt', path, decrypted]);
    expect(await pageText(decrypted, 1)).toEqual(await pageText(source, 1));
  });

  it('uses a separate owner password when one is given; both open the file', async () => {
    const ctx = await job().context([source], { UserPassword: 'user-pw', OwnerPassword: 'owner-pw' });
    const [result] = await convertAsSent(pdfProtectConverter, ctx);
    const path = result?.path ?? '';
    const asOwner = await run('qpdf', ['--password=owner-pw', '--show-encryption', path]);
    expect(asOwner).toMatch(/Supplied password is owner password/);
    const asUser = await run('qpdf', ['--password=user-pw', '--show-encryption', path]);
    expect(asUser).toMatch(/Supplied password is user password/);
    expect(await exitCode('qpdf', ['--password=wrong', '--show-npages', path])).toBe(2);
  });

  it("keeps passwords that qpdf's command-line syntax could not carry", async () => {
    const tricky = '--allow-insecure "x" \\ y';
    const [result] = await convertAsSent(
      pdfProtectConverter,
      await job().context([source], { UserPassword: tricky }),
    );
    expect(await pageCount(result?.path ?? '', tricky)).toBe(4);
  });

  it("honours the catalogue's workflow-only EncryptionLevel 128bit and refuses broken 40bit", async () => {
    const ctx = await job().context([source], { UserPassword: 'pw', EncryptionLevel: '128bit' });
    const [result] = await convertAsSent(pdfProtectConverter, ctx);
    const encryption = await run('qpdf', ['--password=pw', '--show-encryption', result?.path ?? '']);
    expect(encryption).toMatch(/R = 4/);
    expect(encryption).toMatch(/stream encryption method: AESv2/);
    expect(
      parameterProblems(pdfProtectConverter, { UserPassword: 'pw', EncryptionLevel: '40bit' }),
    ).toHaveProperty('EncryptionLevel');
    await expect(
      answerToRejection(
        convertAsSent(
          pdfProtectConverter,
          await job().context([source], { UserPassword: 'pw', EncryptionLevel: '40bit' }),
        ),
      ),
    ).resolves.toMatchObject({ status: 400 });
  });

  it('rejects a missing or blank user password and over-long passwords', () => {
    expect(parameterProblems(pdfProtectConverter, {})).toEqual({
      UserPassword: ['Please enter a password to protect the PDF.'],
    });
    expect(parameterProblems(pdfProtectConverter, { UserPassword: '   ' })).toHaveProperty('UserPassword');
    expect(parameterProblems(pdfProtectConverter, { UserPassword: 'x'.repeat(128) })).toHaveProperty(
      'UserPassword',
    );
    expect(
      parameterProblems(pdfProtectConverter, { UserPassword: 'ok', OwnerPassword: 'é'.repeat(64) }),
    ).toHaveProperty('OwnerPassword');
    expect(parameterProblems(pdfProtectConverter, { UserPassword: 'ok', OwnerPassword: '' })).toBeNull();
  });

  it('answers 400 when convert is reached without a user password', async () => {
    await expect(
      answerToRejection(convertAsSent(pdfProtectConverter, await job().context([source], {}))),
    ).resolves.toMatchObject({
      status: 400,
      invalidParameters: { UserPassword: ['Please enter a password to protect the PDF.'] },
    });
  });

  it('answers 422 for damaged, empty and already encrypted input', async () => {
    for (const [file, code] of [
      ...(await unreadablePdfs(job())),
      [corpusFile('pdf-encrypted/r4-owner-password.pdf'), 5003] as const,
    ]) {
      const ctx = await job().context([file], { UserPassword: 'x' });
      await expect(answerToRejection(convertAsSent(pdfProtectConverter, ctx))).resolves.toMatchObject({
        status: 422,
        code,
      });
    }
  });
});
