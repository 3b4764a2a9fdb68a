import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, pageCount } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/split', () => {
  it('returns one file per page group', async () => {
    const answer = await server().convert('pdf/to/split', { ExtractPages: '1-2,4', StoreFile: 'true' }, [
      corpusFile('pdf/pdflatex-4-pages.pdf'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.map((file) => file.FileName)).toEqual([
      'pdflatex-4-pages-pages-1-2.pdf',
      'pdflatex-4-pages-page-4.pdf',
    ]);
    expect(await pageCount(await save(answer.body.Files?.[0]))).toBe(2);
  });

  it('returns every page as a file with SplitByPattern 1', async () => {
    const answer = await server().convert('pdf/to/split', { SplitByPattern: '1' }, [
      corpusFile('pdf/multicolumn.pdf'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files).toHaveLength(3);
  });

  it('answers 400 for bad values and 422 for locked input', async () => {
    const bad = await server().convert('pdf/to/split', { SplitByPattern: '0' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.InvalidParameters).toHaveProperty('SplitByPattern');
    const pastEnd = await server().convert('pdf/to/split', { ExtractPages: '5-6' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(pastEnd.status).toBe(400);
    expect(pastEnd.body.InvalidParameters).toHaveProperty('ExtractPages');
    const locked = await server().convert('pdf/to/split', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect([locked.status, locked.body.Code]).toEqual([422, 5003]);
  });
});
