import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, pageRotations } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/rotate', () => {
  it('rotates the chosen pages and returns the file', async () => {
    const answer = await server().convert(
      'pdf/to/rotate',
      { RotatePage: '270', PageRange: '2-3', StoreFile: 'true' },
      [corpusFile('pdf/pdflatex-4-pages.pdf')],
    );
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('pdflatex-4-pages-rotated.pdf');
    const path = await save(file);
    expect(await pageRotations(path)).toEqual([0, 270, 270, 0]);
  });

  it('answers 400 with InvalidParameters for a bad angle and a bad range', async () => {
    const answer = await server().convert('pdf/to/rotate', { RotatePage: '45', PageRange: 'x-y' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.Code).toBe(4000);
    expect(Object.keys(answer.body.InvalidParameters ?? {}).sort()).toEqual(['PageRange', 'RotatePage']);
  });

  it('answers 422 for a corrupt file and for a password-protected one', async () => {
    const damaged = await server().convert('pdf/to/rotate', { RotatePage: '90' }, [
      corpusFile('pdf-malformed/invalid.pdf'),
    ]);
    expect(damaged.status).toBe(422);
    expect(damaged.body.Code).toBe(5002);
    const locked = await server().convert('pdf/to/rotate', { RotatePage: '90' }, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect(locked.status).toBe(422);
    expect(locked.body.Code).toBe(5003);
  });
});
