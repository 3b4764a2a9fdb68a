/**
 * The address of several results as one ZIP (`GET {apiUrl}/zip?files=…`, streamed by the server).
 * A result Url that is a signed link (servers binding downloads to their owner) lends its expiry and
 * signature to its entry, so a plain `<a href download>` gets the archive without a header.
 */
import type { ConversionFile } from './conversion.types';

function entryOf(file: Pick<ConversionFile, 'fileId' | 'url'>): string {
  try {
    const query = new URL(file.url, 'http://relative.invalid').searchParams;
    const expires = query.get('expires');
    const signature = query.get('signature');
    return expires && signature ? `${file.fileId}.${expires}.${signature}` : file.fileId;
  } catch {
    return file.fileId;
  }
}

/** `{apiUrl}/zip?files=a,b&name=report-parts.zip`; the archive keeps the files' order. */
export function resultZipUrl(
  apiUrl: string,
  files: readonly Pick<ConversionFile, 'fileId' | 'url'>[],
  name = 'results.zip',
): string {
  const query = new URLSearchParams({ files: files.map(entryOf).join(','), name });
  return `${apiUrl.replace(/\/+$/, '')}/zip?${query.toString()}`;
}

/** 'report-page-1.pdf', 'report-page-2.pdf' → 'report-page.zip'-like: the first file's stem. */
export function resultZipName(files: readonly Pick<ConversionFile, 'fileName'>[]): string {
  const first = files[0]?.fileName ?? 'results';
  const stem = first.replace(/\.[^.]+$/, '').replace(/[-_ ]*(pages?|part)[-_ ]*[\d-]*$/i, '');
  return `${stem || 'results'}.zip`;
}
