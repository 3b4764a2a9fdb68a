import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { corpusFile, listedImages, pageCount, run, useTestJob } from '../testing/pdf-tools';
import { convertToPdfa, downsamplePdf } from './ghostscript';
import { outputPageCount } from './qpdf';

const job = useTestJob();

const options = { timeoutMs: 60_000 };

describe('ghostscript engine', () => {
  it('downsamples images to the requested resolution', async () => {
    const out = join(job().workDir, 'small.pdf');
    await downsamplePdf(corpusFile('pdf-scanned/camelot-image-table.pdf'), out, 40, options);
    expect((await listedImages(out))[0]?.xPpi).toBeLessThanOrEqual(41);
  });

  it("writes a literal '%' in the output path instead of reading it as a page pattern", async () => {
    const out = join(job().workDir, 'report 100%d.pdf');
    await downsamplePdf(corpusFile('pdf/pdflatex-4-pages.pdf'), out, 150, options);
    expect(await pageCount(out)).toBe(4);
  });

  it('makes PDF/A with the sRGB OutputIntent from its own definition file', async () => {
    const out = join(job().workDir, 'a.pdf');
    await convertToPdfa(corpusFile('pdf/crazyones.pdf'), out, 2, { workDir: job().workDir, ...options });
    expect(await run('pdfinfo', ['-meta', out])).toMatch(/pdfaid:part=['"]2['"]/);
    expect(await run('qpdf', ['--json=2', '--json-key=qpdf', out])).toContain('/GTS_PDFA1');
  });

  it('exits 0 for input it cannot read, so callers must compare page counts', async () => {
    const input = corpusFile('pdf-malformed/invalid.pdf');
    const out = join(job().workDir, 'x.pdf');
    await downsamplePdf(input, out, 150, options);
    expect(await outputPageCount(input, options)).toBe(0);
    expect(await outputPageCount(out, options)).not.toBe(0);
  });
});
