import { describe, expect, it } from 'vitest';
import { readZipEntries, uniqueEntryNames, zipFileName } from './zip-entries';

describe('zip entries', () => {
  it('never lets an entry name climb out of the folder it is extracted to', () => {
    expect(uniqueEntryNames(['../../etc/passwd', 'a\\b.pdf', '.hidden'])).toEqual([
      '__.._etc_passwd',
      'a_b.pdf',
      '_hidden',
    ]);
  });

  it('reads plain and signed entries, and refuses an empty or too long list', () => {
    expect(readZipEntries('aaaaaaaaaaaaaaaaaaaaaaaa, bbbbbbbbbbbbbbbbbbbbbbbb.1767225600.c2ln')).toEqual([
      { fileId: 'aaaaaaaaaaaaaaaaaaaaaaaa', link: {} },
      { fileId: 'bbbbbbbbbbbbbbbbbbbbbbbb', link: { expires: '1767225600', signature: 'c2ln' } },
    ]);
    expect(() => readZipEntries(' , ')).toThrow('Name at least one file.');
    expect(() => readZipEntries(Array(1001).fill('x').join(','))).toThrow('at most 1000');
  });

  it("names the archive after the given name, with .zip, or 'results.zip'", () => {
    expect(zipFileName('report parts')).toBe('report parts.zip');
    expect(zipFileName('a/b.ZIP')).toBe('a_b.ZIP');
    expect(zipFileName('\u0007')).toBe('_.zip');
    expect(zipFileName(undefined)).toBe('results.zip');
  });
});
