import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { wordF1 } from '../../engines/pdf-structure';
import { pptxSlideTexts, zipPart, zipParts } from '../../engines/pdf-structure/office-readback';
import { convertAsSent } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerToRejection } from '../../testing/error-answers';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { pdfToPptx } from '.';

const corpus = CORPUS_DIR;
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
async function convert(file: string): Promise<string> {
  const j = await makeConverterContext(file);
  jobs.push(j);
  const [result] = await convertAsSent(pdfToPptx, j.ctx);
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
    expect(
      zipParts(pptx).filter((p) => p.startsWith('ppt/media/') && !p.endsWith('/')).length,
    ).toBeGreaterThan(0);
    const table = await convert(join(corpus, 'pdf-tables/foo.pdf'));
    const slide = zipPart(table, 'ppt/slides/slide1.xml');
    expect(slide).toMatch(/<a:tbl>/);
    expect(slide).toContain('2012_2');
    expect(slide).toMatch(/b="1"/);
  });

  it('keeps shapes and charts as a text-free picture behind the editable text', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'docstudio-pptx-art-'));
    try {
      const pdf = await PDFDocument.create();
      const page = pdf.addPage([612, 792]);
      const font = await pdf.embedFont(StandardFonts.Helvetica);
      page.drawRectangle({ x: 72, y: 480, width: 220, height: 140, color: rgb(0.1, 0.4, 0.8) });
      page.drawSvgPath('M 0 0 L 60 -40 L 120 -20 L 180 -90 L 240 -60 L 300 -120', {
        x: 300,
        y: 650,
        borderColor: rgb(0.8, 0.1, 0.1),
        borderWidth: 3,
      });
      page.drawText('Quarterly revenue grew steadily', { x: 72, y: 700, size: 20, font });
      page.drawText('Zebra Quokka', { x: 90, y: 540, size: 18, font, color: rgb(1, 1, 1) });
      const source = join(dir, 'chart.pdf');
      await writeFile(source, await pdf.save());

      const pptx = await convert(source);
      const slide = zipPart(pptx, 'ppt/slides/slide1.xml');
      expect(slide).toMatch(/<p:txBody>[\s\S]*Quarterly revenue grew steadily/);
      expect(slide).toMatch(/<p:pic>/);
      // the art picture comes first, so it sits behind the text box
      expect(slide.indexOf('<p:pic>')).toBeLessThan(slide.indexOf('<p:txBody>'));
      const media = zipParts(pptx).filter((p) => p.startsWith('ppt/media/') && !p.endsWith('/'));
      expect(media).toHaveLength(1);
      const art = execFileSync('unzip', ['-p', pptx, media[0] as string], { maxBuffer: 64 * 1024 * 1024 });
      const { data, info } = await sharp(art).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      // the blue rectangle is in the art, the corners of the page are transparent
      const at = (xPt: number, yPt: number): number[] => {
        const x = Math.round((xPt / 612) * info.width);
        const y = Math.round((yPt / 792) * info.height);
        const i = (y * info.width + x) * 4;
        return [data[i] ?? -1, data[i + 1] ?? -1, data[i + 2] ?? -1, data[i + 3] ?? -1];
      };
      const [r, g, b, a] = at(100, 792 - 500);
      expect(a).toBe(255);
      expect(Math.abs((r ?? 0) - 26) + Math.abs((g ?? 0) - 102) + Math.abs((b ?? 0) - 204)).toBeLessThan(6);
      expect(at(5, 5)[3]).toBe(0);
      // no glyph in the art: where the black title sits it is see-through, and the white label on the
      // rectangle leaves the rectangle evenly blue
      const region = (x0: number, y0: number, x1: number, y1: number): number[][] => {
        const out: number[][] = [];
        for (let y = y0; y <= y1; y += 0.5) for (let x = x0; x <= x1; x += 0.5) out.push(at(x, y));
        return out;
      };
      expect(region(72, 78, 340, 96).filter((p) => (p[3] ?? 0) > 0)).toHaveLength(0);
      const label = region(92, 238, 200, 254);
      expect(label.filter((p) => (p[0] ?? 0) > 60 || (p[3] ?? 0) < 255)).toHaveLength(0);

      // rendered back by LibreOffice, each text appears once: the art picture holds no text
      const outDir = join(dir, 'out');
      execFileSync(
        'soffice',
        [
          '--headless',
          `-env:UserInstallation=file://${dir}/lo-profile`,
          '--convert-to',
          'pdf',
          '--outdir',
          outDir,
          pptx,
        ],
        { timeout: 120_000, stdio: 'ignore' },
      );
      const rendered = join(
        outDir,
        pptx
          .split('/')
          .pop()
          ?.replace(/\.pptx$/, '.pdf') ?? '',
      );
      const text = execFileSync('pdftotext', [rendered, '-'], { encoding: 'utf8' });
      expect(text.match(/Quarterly revenue grew steadily/g)).toHaveLength(1);
      expect(text.match(/Zebra Quokka/g)).toHaveLength(1);
      // and the picture is really drawn: the rendered slide is blue where the rectangle was
      const png = join(dir, 'slide');
      execFileSync('pdftoppm', ['-png', '-r', '36', '-singlefile', rendered, png]);
      const back = await sharp(`${png}.png`).raw().toBuffer({ resolveWithObject: true });
      const bx = Math.round((100 / 612) * back.info.width);
      const by = Math.round((292 / 792) * back.info.height);
      const bi = (by * back.info.width + bx) * back.info.channels;
      expect(back.data[bi + 2] ?? 0).toBeGreaterThan(150);
      expect(back.data[bi] ?? 255).toBeLessThan(80);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('shows a scanned page as its picture, with the OCR text in the slide notes', async () => {
    const pptx = await convert(join(corpus, 'pdf-scanned/linn.pdf'));
    const media = zipParts(pptx).filter((p) => p.startsWith('ppt/media/') && !p.endsWith('/'));
    expect(media).toHaveLength(1);
    const picture = await sharp(
      execFileSync('unzip', ['-p', pptx, media[0] ?? ''], { maxBuffer: 256 << 20 }),
    ).metadata();
    expect([picture.width, picture.height]).toEqual([2550, 3300]);
    const slide = zipPart(pptx, 'ppt/slides/slide1.xml');
    expect(slide).toMatch(/<p:pic>/);
    expect(slide).not.toContain('LinnSequencer');
    const notes = zipParts(pptx).find((p) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(p)) ?? '';
    expect(zipPart(pptx, notes)).toContain('LinnSequencer');
  });

  it('adds no background picture to text-only pages', async () => {
    const pptx = await convert(join(corpus, 'pdf/pdflatex-4-pages.pdf'));
    expect(zipParts(pptx).filter((p) => p.startsWith('ppt/media/') && !p.endsWith('/'))).toHaveLength(0);
  });

  it('answers 422 for encrypted and corrupt PDFs', async () => {
    await expect(
      answerToRejection(convert(join(corpus, 'pdf-encrypted/r4-aes-user-password.pdf'))),
    ).resolves.toMatchObject({
      status: 422,
      code: 5003,
    });
    await expect(answerToRejection(convert(join(corpus, 'pdf-malformed/empty.pdf')))).resolves.toMatchObject({
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
