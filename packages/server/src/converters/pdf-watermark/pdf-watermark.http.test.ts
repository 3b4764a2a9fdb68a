import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, pageText } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

describe('POST /convert/pdf/to/watermark', () => {
  it('stamps the text on every page with the spec fields', async () => {
    const fields = {
      Text: 'CONFIDENTIAL',
      HorizontalAlignment: 'center',
      VerticalAlignment: 'center',
      Opacity: '30',
      FontSize: '36',
      Rotate: '0',
      TextRenderingMode: 'filltext',
      StrokeColor: '#000000',
      FontColor: '#ff0000',
      StoreFile: 'true',
    };
    const answer = await server().convert('pdf/to/watermark', fields, [
      corpusFile('pdf/pdflatex-4-pages.pdf'),
    ]);
    expect(answer.status).toBe(200);
    expect(answer.body.Files?.[0]?.FileName).toBe('pdflatex-4-pages-watermarked.pdf');
    const path = await save(answer.body.Files?.[0]);
    for (const page of [1, 2, 3, 4])
      expect((await pageText(path, page)).replace(/\s/g, '')).toContain('CONFIDENTIAL');
  });

  it('answers 400 for blank text and out-of-range opacity, 422 for damaged input', async () => {
    const bad = await server().convert('pdf/to/watermark', { Text: ' ', Opacity: '95' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.InvalidParameters ?? {}).sort()).toEqual(['Opacity', 'Text']);
    const damaged = await server().convert('pdf/to/watermark', { Text: 'X' }, [
      corpusFile('pdf-malformed/invalid.pdf'),
    ]);
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
  });
});
