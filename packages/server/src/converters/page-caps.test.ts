/**
 * Page caps over HTTP with the real engines, set low (3) so a 4-page PDF is over them: split, JPG and
 * OCR answer 413 with a clear text before any engine works on the pages; within the cap they work.
 * Rotate with its default range 1-99 rotates the 4 pages a document has.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_DIR } from '../testing/corpus';
import { startTestServer, type TestServer } from '../testing/test-server';

const fourPages = `${CORPUS_DIR}/pdf/pdflatex-4-pages.pdf`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ maxSplitFiles: 3, maxJpgPages: 3, maxOcrPages: 3 });
});
afterAll(async () => {
  await server.close();
});

describe('page caps', () => {
  it('refuses a split into more files than the cap with 413, and allows one within it', async () => {
    const refused = await server.convert('pdf/to/split', {}, [fourPages]);
    expect(refused.status).toBe(413);
    expect(refused.body).toMatchObject({ Code: 4130, Message: expect.stringMatching(/4 files.*at most 3/) });
    const pairs = await server.convert('pdf/to/split', { SplitByPattern: '2' }, [fourPages]);
    expect(pairs.status).toBe(200);
    expect(pairs.body.Files).toHaveLength(2);
  });

  it('refuses PDF to JPG and OCR of a document over their page caps with 413', async () => {
    const jpg = await server.convert('pdf/to/jpg', {}, [fourPages]);
    expect(jpg.status).toBe(413);
    expect(jpg.body.Message).toMatch(/4 pages.*at most 3 pages to JPG/);
    const ocr = await server.convert('pdf/to/ocr', {}, [fourPages]);
    expect(ocr.status).toBe(413);
    expect(ocr.body.Message).toMatch(/4 pages.*at most 3 pages/);
  });

  it('rotates every page of a short document with the default range 1-99', async () => {
    const rotated = await server.convert('pdf/to/rotate', { RotatePage: '90', PageRange: '1-99' }, [
      fourPages,
    ]);
    expect(rotated.status).toBe(200);
    const result = rotated.body.Files?.[0];
    expect(result?.FileExt).toBe('pdf');
    const pdf = await PDFDocument.load(await server.download(result?.Url ?? ''));
    expect(pdf.getPages().map((page) => page.getRotation().angle)).toEqual([90, 90, 90, 90]);
  });
});
