import { describe, expect, it } from 'vitest';
import { resultZipName, resultZipUrl } from './result-zip';

const part = (fileId: string, url: string) => ({ fileId, url });

describe('resultZipUrl', () => {
  it('lists the FileIds in order under the API base, with the archive name', () => {
    const url = resultZipUrl(
      '/api/',
      [
        part('aaaaaaaaaaaaaaaaaaaaaaaa', 'http://host/api/d/aaaaaaaaaaaaaaaaaaaaaaaa/a.pdf'),
        part('bbbbbbbbbbbbbbbbbbbbbbbb', 'http://host/api/d/bbbbbbbbbbbbbbbbbbbbbbbb/b.pdf'),
      ],
      'report.zip',
    );
    const parsed = new URL(url, 'http://host');
    expect(parsed.pathname).toBe('/api/zip');
    expect(parsed.searchParams.get('files')).toBe('aaaaaaaaaaaaaaaaaaaaaaaa,bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(parsed.searchParams.get('name')).toBe('report.zip');
  });

  it("carries a signed result link's expiry and signature in its entry", () => {
    const url = resultZipUrl('https://api.example.com/api', [
      part(
        'aaaaaaaaaaaaaaaaaaaaaaaa',
        'https://api.example.com/api/d/aaaaaaaaaaaaaaaaaaaaaaaa/a.pdf?expires=1767225600&signature=c2ln-_',
      ),
    ]);
    expect(new URL(url).searchParams.get('files')).toBe('aaaaaaaaaaaaaaaaaaaaaaaa.1767225600.c2ln-_');
  });
});

describe('resultZipName', () => {
  it("names the archive after the split's document", () => {
    expect(resultZipName([{ fileName: 'report-page-1.pdf' }, { fileName: 'report-page-2.pdf' }])).toBe(
      'report.zip',
    );
    expect(resultZipName([{ fileName: 'report-pages-1-2.pdf' }])).toBe('report.zip');
    expect(resultZipName([{ fileName: 'scan.jpg' }])).toBe('scan.zip');
    expect(resultZipName([])).toBe('results.zip');
  });
});
