import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../contract/errors';
import { convertAsSent, parameterProblems } from '../../testing/convert-as-sent';
import { makeConverterContext, type TestJob } from '../../testing/converter-context';
import { CORPUS_DIR } from '../../testing/corpus';
import { answerTo, answerToRejection } from '../../testing/error-answers';
import { startTestServer, type TestServer } from '../../testing/test-server';
import { pdfToJpg } from '.';

const corpus = CORPUS_DIR;
const jobs: TestJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((j) => j.cleanup()));
});
const job = async (
  file: string,
  params: Record<string, string> = {},
  timeoutMs?: number,
): Promise<TestJob> => {
  const j = await makeConverterContext(file, params, timeoutMs);
  jobs.push(j);
  return j;
};

/** Page boxes in points as pdfinfo (poppler, independent of MuPDF) reports them, rotation applied. */
function pdfinfoPageSizes(file: string): { w: number; h: number }[] {
  const out = execFileSync('pdfinfo', ['-f', '1', '-l', '9999', file], { encoding: 'utf8' });
  const sizes: { w: number; h: number }[] = [];
  const rots = [...out.matchAll(/Page\s+\d+ rot:\s+(\d+)/g)].map((m) => Number(m[1]));
  [...out.matchAll(/Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)/g)].forEach((m, i) => {
    const w = Number(m[1]);
    const h = Number(m[2]);
    sizes.push((rots[i] ?? 0) % 180 === 90 ? { w: h, h: w } : { w, h });
  });
  return sizes;
}

describe('pdf/to/jpg', () => {
  it('renders one non-blank JPG per page at page size x dpi / 72, in name order', async () => {
    const source = join(corpus, 'pdf/pdflatex-4-pages.pdf');
    const { ctx } = await job(source);
    const files = await convertAsSent(pdfToJpg, ctx);
    const pages = Number(execFileSync('qpdf', ['--show-npages', source], { encoding: 'utf8' }).trim());
    expect(files.map((f) => f.fileName)).toEqual([
      'pdflatex-4-pages-1.jpg',
      'pdflatex-4-pages-2.jpg',
      'pdflatex-4-pages-3.jpg',
      'pdflatex-4-pages-4.jpg',
    ]);
    expect(files).toHaveLength(pages);
    const sizes = pdfinfoPageSizes(source);
    for (const [i, file] of files.entries()) {
      const meta = await sharp(file.path).metadata();
      expect(meta.format).toBe('jpeg');
      const size = sizes[i];
      if (!size) throw new Error('pdfinfo gave no size');
      expect(Math.abs((meta.width ?? 0) - (size.w * 150) / 72)).toBeLessThanOrEqual(1);
      expect(Math.abs((meta.height ?? 0) - (size.h * 150) / 72)).toBeLessThanOrEqual(1);
      const stats = await sharp(file.path).stats();
      const stdev = stats.channels.reduce((s, c) => s + c.stdev, 0) / stats.channels.length;
      expect(stdev).toBeGreaterThan(5);
    }
  });

  it('honours Dpi and Quality, zero-pads names past 9 pages and follows /Rotate', async () => {
    const source = join(corpus, 'pdf/habibi-rotated.pdf');
    const { ctx } = await job(source, { Dpi: '300', Quality: '40' });
    const files = await convertAsSent(pdfToJpg, ctx);
    const sizes = pdfinfoPageSizes(source);
    expect(files).toHaveLength(sizes.length);
    for (const [i, file] of files.entries()) {
      const meta = await sharp(file.path).metadata();
      expect(Math.abs((meta.width ?? 0) - ((sizes[i]?.w ?? 0) * 300) / 72)).toBeLessThanOrEqual(1);
      expect(Math.abs((meta.height ?? 0) - ((sizes[i]?.h ?? 0) * 300) / 72)).toBeLessThanOrEqual(1);
      expect(meta.density).toBe(300);
    }
    const { ctx: big } = await job(join(corpus, 'pdf/GeoTopo-komprimiert.pdf'), {}, 120_000);
    const many = await convertAsSent(pdfToJpg, big);
    expect(many).toHaveLength(117);
    expect(many[0]?.fileName).toBe('GeoTopo-komprimiert-001.jpg');
    expect(many.map((f) => f.fileName)).toEqual([...many.map((f) => f.fileName)].sort());
    expect(readdirSync(big.workDir).filter((n) => n.endsWith('.jpg'))).toHaveLength(117);
  });

  it('keeps the colours poppler renders, subsampling chroma (4:2:0) below Quality 100 only', async () => {
    const source = join(corpus, 'pdf/pdf2docx-demo-text.pdf');
    const { ctx } = await job(source);
    const reference = join(ctx.workDir, 'poppler.png');
    execFileSync('pdftoppm', ['-png', '-r', '150', '-singlefile', source, reference.replace(/\.png$/, '')]);
    const expected = (await sharp(reference).stats()).channels;
    // the page has colour: a greyscale or channel-swapped JPG would show in the means
    expect(Math.abs((expected[0]?.mean ?? 0) - (expected[2]?.mean ?? 0))).toBeGreaterThan(0.5);
    for (const [quality, chroma] of [
      ['95', '4:2:0'],
      ['100', '4:4:4'],
    ] as const) {
      const { ctx: at } = await job(source, { Quality: quality });
      const [file] = await convertAsSent(pdfToJpg, at);
      const meta = await sharp(file?.path).metadata();
      expect(meta.chromaSubsampling).toBe(chroma);
      expect(meta.channels).toBe(3);
      const channels = (await sharp(file?.path).stats()).channels;
      for (const [c, channel] of channels.entries()) {
        expect(Math.abs(channel.mean - (expected[c]?.mean ?? -99))).toBeLessThan(2);
      }
    }
  });

  it('rejects out-of-range Quality and Dpi with the field names', () => {
    const short = parameterProblems(pdfToJpg, { Quality: '0', Dpi: '72' });
    expect(Object.keys(short ?? {}).sort()).toEqual(['Dpi', 'Quality']);
    expect(short?.Quality?.[0]).toMatch(/^Quality must be .*1 (and|to) 100\.$/);
    expect(short?.Dpi?.[0]).toMatch(/150, 300, 600/);
    expect(parameterProblems(pdfToJpg, { Quality: '95', Dpi: '600' })).toBeNull();
    expect(parameterProblems(pdfToJpg, {})).toBeNull();
  });

  it('answers 422 for password-protected and damaged PDFs', async () => {
    const { ctx } = await job(join(corpus, 'pdf-encrypted/r6-both-passwords.pdf'));
    await expect(answerToRejection(convertAsSent(pdfToJpg, ctx))).resolves.toMatchObject({
      status: 422,
      code: 5003,
      message: expect.stringMatching(/password/i),
    });
    for (const name of ['empty.pdf', 'invalid.pdf']) {
      const { ctx: bad } = await job(join(corpus, 'pdf-malformed', name));
      const error = await convertAsSent(pdfToJpg, bad).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DomainError);
      expect(answerTo(error)).toMatchObject({ status: 422, code: 5002 });
    }
    // repairable damage still converts
    const { ctx: repairable } = await job(join(corpus, 'pdf-malformed/bad-xref-entry.pdf'));
    expect(await convertAsSent(pdfToJpg, repairable)).toHaveLength(1);
  });

  it('stops a 2000-page PDF at its deadline with a clear 504 instead of running on', async () => {
    const { ctx } = await job(join(corpus, 'pdf/crazyones.pdf'));
    const huge = join(ctx.workDir, 'huge.pdf');
    const sources = Array.from({ length: 2000 }, () => [join(corpus, 'pdf/crazyones.pdf'), '1']).flat();
    execFileSync('qpdf', ['--empty', '--pages', ...sources, '--', huge]);
    expect(execFileSync('qpdf', ['--show-npages', huge], { encoding: 'utf8' }).trim()).toBe('2000');
    const { ctx: hugeCtx } = await job(huge, {}, 6_000);
    const started = Date.now();
    const error = await convertAsSent(pdfToJpg, hugeCtx).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(answerTo(error)).toMatchObject({
      status: 504,
      code: 5000,
      message: expect.stringMatching(/of 2000 pages/),
    });
  });
});

describe('pdf/to/jpg over HTTP', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('serves one JPG per page at the requested Dpi', async () => {
    const answer = await server.convert('pdf/to/jpg', { StoreFile: 'true', Dpi: '300', Quality: '80' }, [
      join(corpus, 'pdf/tagged.pdf'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.map((f) => f.FileName)).toEqual(['tagged-1.jpg', 'tagged-2.jpg']);
    const bytes = await server.download(answer.body.Files?.[0]?.Url ?? '');
    const meta = await sharp(bytes).metadata();
    const size = pdfinfoPageSizes(join(corpus, 'pdf/tagged.pdf'))[0];
    expect(Math.abs((meta.width ?? 0) - ((size?.w ?? 0) * 300) / 72)).toBeLessThanOrEqual(1);
  });

  it('answers 400 with InvalidParameters for a bad Dpi', async () => {
    const answer = await server.convert('pdf/to/jpg', { Dpi: '72' }, [join(corpus, 'pdf/tagged.pdf')]);
    expect(answer.status).toBe(400);
    expect(answer.body.InvalidParameters).toEqual({ Dpi: ['Dpi must be one of 150, 300, 600.'] });
  });
});
