import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, exitCode } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/unprotect', () => {
  it('removes the password given the right one', async () => {
    const answer = await server().convert('pdf/to/unprotect', { Password: 'foo', StoreFile: 'true' }, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const path = await save(answer.body.Files?.[0]);
    expect(await exitCode('qpdf', ['--is-encrypted', path])).toBe(2);
  });

  it('answers 422 InvalidPassword for a wrong password and 400 for none', async () => {
    const wrong = await server().convert('pdf/to/unprotect', { Password: 'nope' }, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect(wrong.status).toBe(422);
    expect(wrong.body.Code).toBe(5006);
    expect(wrong.body.Message).toMatch(/password is incorrect/i);
    const none = await server().convert('pdf/to/unprotect', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect(none.status).toBe(400);
    expect(none.body.InvalidParameters).toHaveProperty('Password');
  });
});
