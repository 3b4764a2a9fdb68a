import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, run } from '../../testing/pdf-tools';
import { ORDINARY_TEXT, SEEDED_PII, seededPiiPdf } from './seeded-pii.testing';

const { server, dir, save } = useHttpTestServer();

const flat = (text: string): string => text.replace(/\s+/g, ' ');

describe('POST /convert/pdf/to/redact', () => {
  it('returns the redacted PDF: personal data gone, ordinary text kept', async () => {
    const source = join(dir(), 'record.pdf');
    await seededPiiPdf(source);
    const answer = await server().convert(
      'pdf/to/redact',
      { Preset: 'gdpr', RedactionColor: '#000000', StoreFile: 'true' },
      [source],
    );
    expect(answer.status).toBe(200);
    const file = answer.body.Files?.[0];
    expect(file?.FileName).toBe('record-redacted.pdf');
    const path = await save(file);
    const text = flat(await run('pdftotext', [path, '-']));
    expect(SEEDED_PII.filter(({ value }) => text.includes(value))).toEqual([]);
    for (const sentence of ORDINARY_TEXT) expect(text).toContain(sentence);
  });

  it('answers 400 for an unknown preset, a bad colour and manual without terms', async () => {
    const answer = await server().convert('pdf/to/redact', { Preset: 'sox', RedactionColor: 'black' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(answer.status).toBe(400);
    expect(answer.body.Code).toBe(4000);
    expect(Object.keys(answer.body.InvalidParameters ?? {}).sort()).toEqual(['Preset', 'RedactionColor']);
    const manual = await server().convert('pdf/to/redact', { Preset: 'manual' }, [
      corpusFile('pdf/crazyones.pdf'),
    ]);
    expect(manual.status).toBe(400);
    expect(Object.keys(manual.body.InvalidParameters ?? {})).toEqual(['RedactionTerms']);
  });

  it('answers 422 for damaged and password-protected files', async () => {
    const damaged = await server().convert('pdf/to/redact', {}, [corpusFile('pdf-malformed/invalid.pdf')]);
    expect([damaged.status, damaged.body.Code]).toEqual([422, 5002]);
    const locked = await server().convert('pdf/to/redact', {}, [
      corpusFile('pdf-encrypted/r6-both-passwords.pdf'),
    ]);
    expect([locked.status, locked.body.Code]).toEqual([422, 5003]);
  });
});
