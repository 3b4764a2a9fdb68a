import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wordF1 } from '../../engines/pdf-structure';
import { pptxSlideTexts, zipPart, zipParts } from '../../engines/pdf-structure/office-readback';
import { makeConverterContext, type TestJob } from '../../engines/pdf-structure/test-context';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { pdfToPptx } from '.';

const corpus = '/work/shared/corpus';
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
async function convert(file: string): Promise<string> {
  const j = await makeConverterContext(file);
  jobs.push(j);
  const [result] = await pdfToPptx.convert(j.ctx);
  if (!result) throw new Error('no result');
  return result.path;
}

describe('pdf/to/pptx', () => {
  it('makes one slide per page at the page aspect ratio with the text as editable text', async () => {
    const source = join(corpus, 'pdf/pdflatex-4-pages.pdf');
    const pptx = await convert(source);
    const slides = pptxSlideTexts(pptx);
    expect(slides).toHaveLength(
      Number(execFileSync('qpdf', ['--show-npages', source], { encoding: 'utf8' })),
    );
    const reference = execFileSync('pdftotext', [source, '-'], { encoding: 'utf8' });
    const { f1 } = wordF1(reference, slides.join('\n'));
    console.log(`PPTX word F1 pdflatex-4-pages: ${f1.toFixed(4)}`);
    expect(f1).toBeGreaterThan(0.95);
    const presentation = zipPart(pptx, 'ppt/presentation.xml');
    const [, cx, cy] = /<p:sldSz cx="(\d+)" cy="(\d+)"/.exec(presentation) ?? [];
    const info = execFileSync('pdfinfo', [source], { encoding: 'utf8' });
    const [, w, h] = /Page size:\s+([\d.]+) x ([\d.]+)/.exec(info) ?? [];
    expect(Number(cx) / Number(cy)).toBeCloseTo(Number(w) / Number(h), 2);
    // text boxes, not a screenshot: the first slide has text shapes and no picture
    expect(zipPart(pptx, 'ppt/slides/slide1.xml')).toMatch(/<p:txBody>/);
  });

  it('places pictures as pictures and tables as tables', async () => {
    const pptx = await convert(join(corpus, 'pdf/GeoTopo-komprimiert.pdf'));
    expect(zipParts(pptx).filter((p) => p.startsWith('ppt/media/')).length).toBeGreaterThan(0);
    const table = await convert(join(corpus, 'pdf-tables/foo.pdf'));
    const slide = zipPart(table, 'ppt/slides/slide1.xml');
    expect(slide).toMatch(/<a:tbl>/);
    expect(slide).toContain('2012_2');
    expect(slide).toMatch(/b="1"/);
  });

  it('answers 422 for encrypted and corrupt PDFs', async () => {
    await expect(convert(join(corpus, 'pdf-encrypted/r4-aes-user-password.pdf'))).rejects.toMatchObject({
      status: 422,
      code: 5003,
    });
    await expect(convert(join(corpus, 'pdf-malformed/empty.pdf'))).rejects.toMatchObject({
      status: 422,
      code: 5002,
    });
  });
});

describe('pdf/to/pptx over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('converts an upload into a deck with one slide per page', async () => {
    const answer = await server.convert('pdf/to/pptx', { StoreFile: 'true' }, [
      join(corpus, 'pdf/tagged.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('tagged.pptx');
    const j = await makeConverterContext(join(corpus, 'pdf/tagged.pdf'));
    jobs.push(j);
    const path = await server.saveResult(file as NonNullable<typeof file>, j.ctx.workDir);
    expect(pptxSlideTexts(path)).toHaveLength(2);
  });
});
