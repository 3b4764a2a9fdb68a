/**
 * A file may name its destinations in two places (PDF 1.2 on): the catalog's /Dests dictionary (keys
 * are names) and the /Names /Dests name tree (keys are strings). Readers look in both (pdf.js, Acrobat);
 * MuPDF looks only in the dictionary when the catalog has one (pdf_lookup_dest), so a bookmark naming
 * an entry of the tree resolves to nothing, and the merge dropped it. In the document MuPDF reads
 * (opened from bytes, never saved), the tree's entries the dictionary lacks are copied into it before
 * the outline is read.
 */
import type { PDFDocument, PDFObject } from 'mupdf';

/** A name tree deeper than this is no real file's (one level holds thousands of entries). */
const MAX_DEPTH = 32;

/**
 * Printable ASCII: MuPDF looks a name beyond ASCII up by other bytes than the file's (it re-encodes the
 * decoded text), so such a bookmark stays unresolved whether the entry is copied or not.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

function keyOf(name: PDFObject): string | undefined {
  if (!name.isString()) return undefined;
  const key = Buffer.from(name.asByteString()).toString('latin1');
  return PRINTABLE_ASCII.test(key) ? key : undefined;
}

/** Each [key, destination] of the name tree at `root`, each node visited once (a hostile tree may loop). */
function* nameTreeEntries(root: PDFObject): Generator<[PDFObject, PDFObject]> {
  const seen = new Set<number>();
  const walk = function* (node: PDFObject, depth: number): Generator<[PDFObject, PDFObject]> {
    if (depth > MAX_DEPTH || !node.isDictionary()) return;
    if (node.isIndirect()) {
      if (seen.has(node.asIndirect())) return;
      seen.add(node.asIndirect());
    }
    const names = node.get('Names');
    if (names.isArray())
      for (let at = 0; at + 1 < names.length; at += 2) yield [names.get(at), names.get(at + 1)];
    const kids = node.get('Kids');
    if (kids.isArray()) for (let at = 0; at < kids.length; at += 1) yield* walk(kids.get(at), depth + 1);
  };
  yield* walk(root, 0);
}

/** Makes MuPDF find the tree's destinations in a file that has both; answers how many it copied. */
export function reachNameTreeDests(pdf: PDFDocument): number {
  // each step checked: MuPDF's null object answers no get()
  const catalog = pdf.getTrailer().get('Root');
  if (!catalog.isDictionary()) return 0;
  const dictionary = catalog.get('Dests');
  const names = catalog.get('Names');
  if (!dictionary.isDictionary() || !names.isDictionary()) return 0;
  const tree = names.get('Dests');
  if (!tree.isDictionary()) return 0;
  let copied = 0;
  try {
    for (const [name, destination] of nameTreeEntries(tree)) {
      const key = keyOf(name);
      if (key === undefined || destination.isNull() || !dictionary.get(key).isNull()) continue;
      dictionary.put(key, destination);
      copied += 1;
    }
  } catch {
    // a tree MuPDF cannot read further: the entries copied so far still count, the file's other
    // bookmarks too (a throw here would fail the merge)
  }
  return copied;
}
