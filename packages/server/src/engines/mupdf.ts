/**
 * MuPDF (npm `mupdf`, WebAssembly, AGPL: server only). One lazily loaded module instance per thread
 * (converters use it through the worker pool in mupdf-worker/, which calls this inside its workers);
 * opening maps MuPDF's failures to the contract's 422s.
 */
import { readFile } from 'node:fs/promises';
import { damagedFile, passwordProtected } from '../contract/errors';

export type MupdfModule = typeof import('mupdf');

let loading: Promise<MupdfModule> | undefined;

export function loadMupdf(): Promise<MupdfModule> {
  loading ??= import('mupdf');
  return loading;
}

/** Opens a PDF for reading; throws 422 Damaged or PasswordProtected instead of MuPDF's raw errors. */
export async function openPdf(path: string, password?: string): Promise<import('mupdf').PDFDocument> {
  const mupdf = await loadMupdf();
  const bytes = await readFile(path);
  let doc: import('mupdf').Document;
  try {
    doc = mupdf.Document.openDocument(bytes, 'application/pdf');
  } catch {
    throw damagedFile();
  }
  if (doc.needsPassword()) {
    if (password === undefined || !doc.authenticatePassword(password)) throw passwordProtected();
  }
  const pdf = doc.asPDF();
  if (!pdf) throw damagedFile();
  if (pdf.countPages() < 1) throw damagedFile('The PDF has no pages.');
  return pdf;
}
