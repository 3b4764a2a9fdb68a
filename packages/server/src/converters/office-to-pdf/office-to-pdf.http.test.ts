import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { getOfficePool } from '../../engines/libreoffice';
import { useHttpTestServer } from '../../testing';
import { CORPUS_DIR } from '../../testing/corpus';

const OFFICE = `${CORPUS_DIR}/office`;
const { server, dir, save } = useHttpTestServer();

describe('POST /convert/office/to/pdf', () => {
  it('converts an RTF whose text pdftotext reads back', async () => {
    const answer = await server().convert('office/to/pdf', {}, [join(OFFICE, 'simple_table.rtf')]);
    expect(answer.status).toBe(200);
    const [file] = answer.body.Files ?? [];
    expect(file?.FileName).toBe('simple_table.pdf');
    const pdf = await save(file);
    expect(execFileSync('pdfinfo', [pdf]).toString()).toMatch(/Pages:\s+1/);
    // The reference text (striprtf's) is the table's cells: "foo|bar|" then "1|1|".
    const rows = readFileSync(join(OFFICE, 'simple_table.expected.txt'), 'utf8')
      .split('\n')
      .map((line) => line.split('|').filter(Boolean))
      .filter((cells) => cells.length > 0);
    expect(rows).toEqual([
      ['foo', 'bar'],
      ['1', '1'],
    ]);
    const lines = execFileSync('pdftotext', ['-layout', pdf, '-'])
      .toString()
      .split('\n')
      .map((line) => line.trim().split(/\s+/).filter(Boolean))
      .filter((cells) => cells.length > 0);
    expect(lines).toEqual(rows);
  });

  it('answers 422 Code 5003 for a password-protected Word 97 file sent without DocumentOpenPassword', async () => {
    // Saved with a password by LibreOffice itself, from the corpus RTF.
    const locked = join(dir(), 'locked.doc');
    const saved = await getOfficePool().convert(
      {
        input: join(OFFICE, 'simple_table.rtf'),
        output: locked,
        filter: null,
        pageRange: null,
        pdfVersion: 0,
        password: null,
        saveFilter: 'MS Word 97',
        savePassword: 'S3cret!',
      },
      90_000,
      new AbortController().signal,
    );
    expect(saved.ok).toBe(true);
    const missing = await server().convert('office/to/pdf', {}, [locked]);
    expect(missing.status).toBe(422);
    expect(missing.body.Code).toBe(5003);
    expect(missing.body.Message).toMatch(/DocumentOpenPassword/);
    const wrong = await server().convert('office/to/pdf', { DocumentOpenPassword: 'nope' }, [locked]);
    expect([wrong.status, wrong.body.Code]).toEqual([422, 5006]);
    const right = await server().convert('office/to/pdf', { DocumentOpenPassword: 'S3cret!' }, [locked]);
    expect(right.status).toBe(200);
    const pdf = await save(right.body.Files?.[0]);
    expect(execFileSync('pdftotext', [pdf, '-']).toString()).toContain('foo');
  });

  // Excel's encrypted .xlsx is an OLE (CFB) container holding the encrypted package, not a zip.
  it('answers 422 Code 5003 for a password-protected XLSX sent without DocumentOpenPassword', async () => {
    const answer = await server().convert('office/to/pdf', {}, [join(OFFICE, 'pass_protected.xlsx')]);
    expect(answer.status).toBe(422);
    expect(answer.body.Code).toBe(5003);
    expect(answer.body.Message).toMatch(/password/i);
  });

  it('answers 415 for a text file named .docx', async () => {
    const answer = await server().convert('office/to/pdf', {}, [
      { content: 'This is plain text pretending to be Word.', name: 'letter.docx' },
    ]);
    expect(answer.status).toBe(415);
    expect(answer.body.Code).toBe(4150);
  });
});
