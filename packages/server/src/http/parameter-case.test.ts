/**
 * Published API clients spell field names in their own case (`pdfa`, `PdfA`, `PDFA`): the catalogue's
 * check accepts any case, so the converter must run with the same values it checked, not fall back to
 * its defaults because it read the spec's spelling only.
 */
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../testing';
import { corpusFile, run } from '../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('field names in any case', () => {
  it('redacts the terms sent as `redactionterms` under `preset=manual`', async () => {
    const source = corpusFile('pdf/crazyones.pdf');
    expect((await run('pdftotext', [source, '-'])).toLowerCase()).toContain('crazy');
    const answer = await server().convert(
      'pdf/to/redact',
      { preset: 'manual', redactionterms: 'crazy', StoreFile: 'true' },
      [source],
    );
    expect(answer.status).toBe(200);
    const text = await run('pdftotext', [await save(answer.body.Files?.[0]), '-']);
    expect(text.toLowerCase()).not.toContain('crazy');
  });

  it('lays images out on the page size and orientation sent as `pagesize` and `pageorientation`', async () => {
    const answer = await server().convert(
      'images/to/pdf',
      { pagesize: 'a4', pageorientation: 'landscape', StoreFile: 'true' },
      [corpusFile('images/phototest.tif')],
    );
    expect(answer.status).toBe(200);
    const info = await run('pdfinfo', [await save(answer.body.Files?.[0])]);
    expect(info).toMatch(/Page size:\s+841\.89 x 595\.2\d pts/);
  });
});
