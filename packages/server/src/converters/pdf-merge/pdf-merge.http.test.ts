import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, pageCount, pageText } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/merge', () => {
  it('merges Files[0..2] in order', async () => {
    const files = ['pdf/crazyones.pdf', 'pdf/pdflatex-4-pages.pdf', 'pdf/multicolumn.pdf'].map(corpusFile);
    const answer = await server().convert('pdf/to/merge', { StoreFile: 'true' }, files);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe('crazyones-merged.pdf');
    const path = await save(answer.body.Files?.[0]);
    expect(await pageCount(path)).toBe(8);
    expect(await pageText(path, 1)).toBe(await pageText(files[0] ?? '', 1));
    expect(await pageText(path, 6)).toBe(await pageText(files[2] ?? '', 1));
  });

  it("answers on the workflow catalogue's alias pdf/merge too", async () => {
    const files = ['pdf/crazyones.pdf', 'pdf/pdflatex-4-pages.pdf'].map(corpusFile);
    const answer = await server().convert('pdf/merge', {}, files);
    expect(answer.status).toBe(200);
    expect(await pageCount(await save(answer.body.Files?.[0]))).toBe(5);
  });

  it('answers 400 for one file and 422 naming the damaged file', async () => {
    const one = await server().convert('pdf/to/merge', {}, [corpusFile('pdf/crazyones.pdf')], {
      multi: true,
    });
    expect(one.status).toBe(400);
    const damaged = await server().convert('pdf/to/merge', {}, [
      corpusFile('pdf/crazyones.pdf'),
      corpusFile('pdf-malformed/invalid.pdf'),
    ]);
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
    expect(damaged.body.Message).toContain('invalid.pdf');
  });
});
