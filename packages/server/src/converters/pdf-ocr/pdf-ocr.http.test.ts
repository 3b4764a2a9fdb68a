import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, run } from '../../testing/pdf-tools';
import { wordRecall } from './ocr.testing';

const { server, save } = useHttpTestServer();

const linnTruth = (): Promise<string> => readFile(corpusFile('pdf-scanned/linn.expected.txt'), 'utf8');

describe('POST /convert/pdf/to/ocr and pdf/to/txt', () => {
  it('returns a searchable PDF whose text pdftotext finds', async () => {
    const answer = await server().convert('pdf/to/ocr', { Language: 'en', StoreFile: 'true' }, [
      corpusFile('pdf-scanned/linn.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('linn-ocr.pdf');
    const path = await save(file);
    expect(wordRecall(await run('pdftotext', [path, '-']), await linnTruth())).toBeGreaterThan(0.85);
  });

  it('returns the text as a .txt file', async () => {
    const answer = await server().convert('pdf/to/txt', { Language: 'en', StoreFile: 'true' }, [
      corpusFile('pdf-scanned/ccitt.pdf'),
    ]);
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('ccitt.txt');
    const text = (await server().download(file?.Url ?? '')).toString('utf8');
    expect(wordRecall(text, await linnTruth())).toBeGreaterThan(0.85);
  });

  it('answers 400 for an unknown language and 422 for a protected file', async () => {
    for (const endpoint of ['pdf/to/ocr', 'pdf/to/txt']) {
      const answer = await server().convert(endpoint, { Language: 'klingon' }, [
        corpusFile('pdf/crazyones.pdf'),
      ]);
      expect(answer.status).toBe(400);
      expect(answer.body.Code).toBe(4000);
      expect(answer.body.InvalidParameters?.Language?.[0]).toContain('zh-cn');
    }
    const locked = await server().convert('pdf/to/ocr', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect(locked.status).toBe(422);
    expect(locked.body.Code).toBe(5003);
    expect(locked.body.Message).toMatch(/password/i);
  });
});
