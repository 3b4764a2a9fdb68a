import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, fileSize, listedImages, run } from '../../testing/pdf-tools';

const { server, dir, save } = useHttpTestServer();

/** Page 1 drawn by poppler in grey, scaled to one size (a scan and its downsampled copy differ in pixels). */
async function greyPage(pdf: string): Promise<Buffer> {
  const prefix = join(dir(), `page-${Math.random().toString(36).slice(2)}`);
  await run('pdftoppm', ['-r', '40', '-gray', '-png', '-singlefile', '-f', '1', '-l', '1', pdf, prefix]);
  return sharp(`${prefix}.png`).resize(200, 260, { fit: 'fill' }).greyscale().raw().toBuffer();
}

/** Mean difference (0–255 levels) between page 1 of two PDFs as poppler draws them. */
async function pictureDifference(a: string, b: string): Promise<number> {
  const [first, second] = await Promise.all([greyPage(a), greyPage(b)]);
  let sum = 0;
  for (let i = 0; i < first.length; i++) sum += Math.abs((first[i] ?? 0) - (second[i] ?? 0));
  return sum / first.length;
}

describe('POST /convert/pdf/to/compress', () => {
  it('returns a smaller PDF for a scan', async () => {
    const source = corpusFile('pdf-scanned/camelot-image-table.pdf');
    const answer = await server().convert('pdf/to/compress', { Preset: 'web', StoreFile: 'true' }, [source]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe('camelot-image-table-compressed.pdf');
    const path = await save(answer.body.Files?.[0]);
    expect(await fileSize(path)).toBeLessThan((await fileSize(source)) / 2);
    expect(answer.body.Files?.[0]?.FileSize).toBe(await fileSize(path));
  });

  it('compresses an image-only scan into a picture of the same page', async () => {
    const source = corpusFile('pdf-scanned/camelot-image-table.pdf');
    // the premise: one picture, no text layer
    expect(await listedImages(source)).toHaveLength(1);
    expect((await run('pdftotext', [source, '-'])).trim()).toBe('');
    const answer = await server().convert('pdf/to/compress', { Preset: 'ebook', StoreFile: 'true' }, [
      source,
    ]);
    expect(answer.status).toBe(200);
    const path = await save(answer.body.Files?.[0]);
    expect(await fileSize(path)).toBeLessThan((await fileSize(source)) / 2);
    // still one picture and no text: nothing was drawn over or recognised into the page
    expect(await listedImages(path)).toHaveLength(1);
    expect((await run('pdftotext', [path, '-'])).trim()).toBe('');
    // the same page: its drawing matches the original's, where another scan's does not
    const same = await pictureDifference(source, path);
    const other = await pictureDifference(source, corpusFile('pdf-scanned/linn.pdf'));
    expect(same).toBeLessThan(3);
    expect(other).toBeGreaterThan(same * 5);
  });

  it('answers 400 for an unknown Preset and 422 for damaged or locked input', async () => {
    const bad = await server().convert('pdf/to/compress', { Preset: 'tiny' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(bad.status).toBe(400);
    expect(bad.body.InvalidParameters).toHaveProperty('Preset');
    const damaged = await server().convert('pdf/to/compress', {}, [corpusFile('pdf-malformed/invalid.pdf')]);
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
    const locked = await server().convert('pdf/to/compress', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect([locked.status, locked.body.Code]).toEqual([422, 5003]);
  });
});
