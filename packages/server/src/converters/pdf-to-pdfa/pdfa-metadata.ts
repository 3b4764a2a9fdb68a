/**
 * Ghostscript 10.00 discards the whole document information dictionary when it makes PDF/A from an
 * input with Unicode (UTF-16) info strings, leaving the XMP title 'Untitled', and it only writes
 * conformance level B. This step, an incremental update with MuPDF so Ghostscript's bytes stay as they
 * are, puts the input's Title into both the Info dictionary and the XMP dc:title (PDF/A requires
 * them to agree) and, for the 'u' levels, sets pdfaid:conformance to U (Ghostscript gives every font
 * a ToUnicode map, which is what level U asks for).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { conversionFailed } from '../../contract/errors';
import { loadMupdf } from '../../engines/mupdf';

const xmlEscape = (text: string): string =>
  text
    .replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)
    // XML 1.0 forbids most control characters; a title is one line anyway.
    .replace(/\p{Cc}/gu, ' ');

/** The input's Title from its Info dictionary (MuPDF decodes PDFDocEncoding and UTF-16). */
export async function readPdfTitle(path: string): Promise<string | undefined> {
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
  try {
    const title = doc.getMetaData('info:Title')?.trim();
    return title ? title : undefined;
  } finally {
    doc.destroy();
  }
}

export async function finishPdfaMetadata(
  path: string,
  options: { title: string | undefined; conformance: 'B' | 'U' },
): Promise<void> {
  if (options.title === undefined && options.conformance === 'B') return;
  const mupdf = await loadMupdf();
  const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf').asPDF();
  if (!doc) throw conversionFailed('The PDF/A output could not be read back.');
  try {
    const metadata = doc.getTrailer().get('Root').get('Metadata');
    if (!metadata.isStream()) throw conversionFailed('The PDF/A output has no XMP metadata.');
    let xmp = metadata.readStream().asString();
    if (options.conformance === 'U') {
      xmp = xmp.replace(/pdfaid:conformance=(['"])B\1/, 'pdfaid:conformance=$1U$1');
    }
    if (options.title !== undefined) {
      const title = xmlEscape(options.title);
      xmp = xmp.replace(
        /(<dc:title>\s*<rdf:Alt>\s*<rdf:li[^>]*>)[\s\S]*?(<\/rdf:li>)/,
        (_match, open: string, close: string) => `${open}${title}${close}`,
      );
      doc.setMetaData('info:Title', options.title);
    }
    metadata.writeStream(Buffer.from(xmp, 'utf8'));
    await writeFile(path, doc.saveToBuffer('incremental').asUint8Array());
  } finally {
    doc.destroy();
  }
}
