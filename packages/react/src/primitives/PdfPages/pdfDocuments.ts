/**
 * One open pdf.js document per picked file, shared by every picture of it (a grid of 300 thumbnails
 * opens the file once) and destroyed when the last user lets go.
 */
import { openPdf, type PdfDocumentHandle } from './openPdf';

interface Entry {
  handle: Promise<PdfDocumentHandle>;
  users: number;
  closing?: ReturnType<typeof setTimeout>;
}

const open = new Map<Blob, Entry>();
// A remount (React StrictMode, a list re-keyed) within this time reuses the document.
const CLOSE_DELAY_MS = 2000;

export function acquirePdf(file: Blob): Promise<PdfDocumentHandle> {
  let entry = open.get(file);
  if (!entry) {
    entry = { handle: openPdf(file), users: 0 };
    const created = entry;
    created.handle.catch(() => {
      if (open.get(file) === created) open.delete(file);
    });
    open.set(file, created);
  }
  clearTimeout(entry.closing);
  entry.users++;
  return entry.handle;
}

export function releasePdf(file: Blob): void {
  const entry = open.get(file);
  if (!entry) return;
  entry.users--;
  if (entry.users > 0) return;
  entry.closing = setTimeout(() => {
    if (entry.users > 0 || open.get(file) !== entry) return;
    open.delete(file);
    entry.handle.then((pdf) => pdf.destroy()).catch(() => {});
  }, CLOSE_DELAY_MS);
}
