import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, run } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/pdfa', () => {
  it('returns PDF/A-3u with its XMP identification', async () => {
    const answer = await server().convert('pdf/to/pdfa', { PdfaVersion: 'PdfA3u', StoreFile: 'true' }, [
      corpusFile('pdf/tagged.pdf'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe('tagged-pdfa.pdf');
    const path = await save(answer.body.Files?.[0]);
    const xmp = await run('pdfinfo', ['-meta', path]);
    expect(xmp).toMatch(/pdfaid:part=['"]3['"]/);
    expect(xmp).toMatch(/pdfaid:conformance=['"]U['"]/);
    expect(xmp).toContain('Tagged PDF Demo');
  });

  it('answers 400 for an unknown PdfaVersion and 422 for locked input', async () => {
    const bad = await server().convert('pdf/to/pdfa', { PdfaVersion: 'PdfA4' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.InvalidParameters).toHaveProperty('PdfaVersion');
    const locked = await server().convert('pdf/to/pdfa', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect([locked.status, locked.body.Code]).toEqual([422, 5003]);
  });
});
