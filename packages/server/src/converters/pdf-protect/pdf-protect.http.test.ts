import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, exitCode, run } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/protect', () => {
  it('returns an AES-256 encrypted PDF that opens with the password', async () => {
    const answer = await server().convert(
      'pdf/to/protect',
      { UserPassword: 'open sesame', StoreFile: 'true' },
      [corpusFile('pdf/crazyones.pdf')],
    );
    expect(answer.status).toBe(200);
    const path = await save(answer.body.Files?.[0]);
    expect(await exitCode('qpdf', ['--requires-password', path])).toBe(0);
    expect(await run('qpdf', ['--password=open sesame', '--show-encryption', path])).toMatch(/AESv3/);
  });

  it('answers 400 without a user password and 422 for damaged input', async () => {
    const missing = await server().convert('pdf/to/protect', { OwnerPassword: 'x' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.InvalidParameters).toHaveProperty('UserPassword');
    const damaged = await server().convert('pdf/to/protect', { UserPassword: 'x' }, [
      corpusFile('pdf-malformed/invalid.pdf'),
    ]);
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
  });
});
