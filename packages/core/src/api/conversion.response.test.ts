import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConversionError } from './conversion.errors';
import {
  parseConversionAnswer,
  parseErrorAnswer,
  parseStreamedAnswer,
  readFieldErrors,
  streamedLines,
} from './conversion.response';
import { encodeMultipart } from './multipart.encoder';

const meta = { status: 500, statusText: 'Internal Server Error' };

describe('parseErrorAnswer', () => {
  it('never throws and always gives a non-empty message, whatever the body', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json()),
        fc.integer({ min: 400, max: 599 }),
        fc.string(),
        (body, status, text) => {
          const error = parseErrorAnswer({ status, statusText: text }, body);
          expect(error).toBeInstanceOf(ConversionError);
          expect(error.message.length).toBeGreaterThan(0);
          expect(error.status).toBe(status);
        },
      ),
    );
  });

  it('falls back to the status code when the status text is empty (HTTP/2)', () => {
    expect(parseErrorAnswer({ status: 502, statusText: '' }, '').message).toBe('Conversion failed: HTTP 502');
  });

  it('ignores a blank Message and non-numeric Code', () => {
    const error = parseErrorAnswer(meta, JSON.stringify({ Message: '   ', Code: 'x' }));
    expect(error.message).toBe('Conversion failed: Internal Server Error');
    expect(error.code).toBeUndefined();
  });

  it('reads InvalidParameters leniently: strings wrapped, empties and non-strings dropped', () => {
    expect(readFieldErrors({ A: ['x', '', 3], B: 'y', C: [], D: null })).toEqual({ A: ['x', '3'], B: ['y'] });
    expect(readFieldErrors(['not', 'a', 'map'])).toEqual({});
  });
});

describe('parseConversionAnswer', () => {
  it('either returns files with a url or fileId, or throws a ConversionError', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.constant('{"Files":[{"Url":"http://h/d/1/a.pdf"}]}')),
        (body) => {
          try {
            const result = parseConversionAnswer({ status: 200, statusText: 'OK' }, body);
            for (const file of result.files) expect(file.url || file.fileId).toBeTruthy();
          } catch (error) {
            expect(error).toBeInstanceOf(ConversionError);
          }
        },
      ),
    );
  });

  it('derives a missing FileName and FileExt from the Url', () => {
    const result = parseConversionAnswer(
      { status: 200, statusText: 'OK' },
      JSON.stringify({ Files: [{ Url: 'https://h/d/abc/r%C3%A9sum%C3%A9.PDF', FileSize: '42' }] }),
    );
    expect(result.files[0]).toEqual({
      fileName: 'résumé.PDF',
      fileExt: 'pdf',
      fileSize: 42,
      url: 'https://h/d/abc/r%C3%A9sum%C3%A9.PDF',
      fileId: '',
    });
    expect(result.conversionCost).toBe(0);
  });
});

describe('encodeMultipart', () => {
  it('round-trips any text fields and file parts through an independent multipart parser (undici)', async () => {
    const name = fc.string({ minLength: 1 }).filter((s) => !/[\r\n"]/.test(s));
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(name, fc.oneof(fc.string(), fc.uint8Array({ maxLength: 300 }))), { maxLength: 6 }),
        async (entries) => {
          const fields = entries.map(([n, v]): [string, string | { blob: Blob; fileName: string }] =>
            typeof v === 'string' ? [n, v] : [n, { blob: new Blob([v]), fileName: `${n}.bin` }],
          );
          const { body, contentType } = encodeMultipart(fields);
          const parsed = await new Request('http://x/', {
            method: 'POST',
            headers: { 'content-type': contentType },
            body,
          }).formData();
          const got = await Promise.all(
            [...parsed.entries()].map(async ([n, v]) => [
              n,
              typeof v === 'string' ? v : new Uint8Array(await v.arrayBuffer()),
            ]),
          );
          expect(got).toEqual(entries.map(([n, v]) => [n, v]));
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe('a streamed answer (application/x-ndjson)', () => {
  const page = (index: number) =>
    JSON.stringify({
      Index: index,
      File: {
        FileName: `book-${index + 1}.jpg`,
        FileExt: 'jpg',
        FileSize: 10,
        FileId: `id${index}`,
        Url: `https://s/d/id${index}/b.jpg`,
      },
    });
  const answer = JSON.stringify({
    ConversionCost: 1,
    ConversionTime: 2,
    Files: [0, 1].map((index) => JSON.parse(page(index)).File),
  });

  it('hands over each complete line once, however the text is cut into chunks', () => {
    const text = `${page(1)}\n${page(0)}\n${answer}\n`;
    for (let cut = 1; cut < text.length; cut += 7) {
      const seen: number[] = [];
      let from = 0;
      for (const part of [text.slice(0, cut), text]) {
        const { files, next } = streamedLines(part, from);
        from = next;
        seen.push(...files.map(({ index, file }) => (file.fileId === `id${index}` ? index : -1)));
      }
      expect(seen).toEqual([1, 0]);
      expect(from).toBe(text.length);
    }
  });

  it('reads the last line as the answer, or throws the failure that ended the stream', () => {
    const ok = parseStreamedAnswer({ status: 200, statusText: 'OK' }, `${page(0)}\n${answer}\n`);
    expect(ok.files.map((file) => file.fileName)).toEqual(['book-1.jpg', 'book-2.jpg']);
    const failed = `${page(0)}\n${JSON.stringify({ Status: 504, Code: 5000, Message: 'The conversion took too long.' })}\n`;
    expect(() => parseStreamedAnswer({ status: 200, statusText: 'OK' }, failed)).toThrow(
      expect.objectContaining({ status: 504, code: 5000, message: 'The conversion took too long.' }),
    );
    // cut off before its last line: an unreadable answer, never a success
    expect(() => parseStreamedAnswer({ status: 200, statusText: 'OK' }, `${page(0)}\n`)).toThrow(
      ConversionError,
    );
  });
});
