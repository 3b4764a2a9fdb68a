import { describe, expect, it } from 'vitest';
import { useHttpTestServer } from '../../testing';
import { corpusFile, fileSize } from '../../testing/pdf-tools';

const { server, save } = useHttpTestServer();

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
