/**
 * Which import filter LibreOffice gets. It picks one from the extension otherwise, and Word and Excel
 * save web pages under .doc and .xls ("Web Page" format) that they open again (the upload checks
 * accept those for that reason): such a file fails to load as a Word 97 document, so web pages are
 * imported as HTML whatever their name.
 */
import { sniffFile } from '../../security/file-sniff';
import type { ConverterInputFile } from '../converter.types';

/** Extensions under which a web page is a web page (a .txt of markup stays text). */
const WEB_PAGE_NAMES = new Set(['doc', 'xls', 'htm', 'html']);

export async function officeImportFilter(input: ConverterInputFile): Promise<'csv' | 'text' | 'html' | null> {
  if (input.ext === 'csv') return 'csv';
  if (input.ext === 'log') return 'text';
  if (WEB_PAGE_NAMES.has(input.ext) && (await sniffFile(input.path)) === 'html') return 'html';
  return null;
}
