/**
 * Applies the next-line operator rewrite (text-operators.ts) to everything MuPDF's redaction filters
 * for a page: its content streams (joined into one, as a viewer reads them) and, recursively, the Form
 * XObjects and tiling patterns its resources name. Shared objects are rewritten once.
 */
import type * as Mupdf from 'mupdf';
import { normaliseTextOperators } from './text-operators';

export interface StreamRewriteCount {
  rewritten: number;
  unresolved: number;
}

/** The object behind a reference, or null (MuPDF's Null object of a missing key cannot be resolved). */
function resolved(obj: Mupdf.PDFObject): Mupdf.PDFObject | null {
  if (obj.isNull()) return null;
  const value = obj.resolve();
  return value.isNull() ? null : value;
}

export function normalisePageStreams(page: Mupdf.PDFPage, seen = new Set<number>()): StreamRewriteCount {
  const count: StreamRewriteCount = { rewritten: 0, unresolved: 0 };
  const pageObject = page.getObject();
  // Streams are only streams through their reference (MuPDF ties the data to the xref entry).
  const contents = pageObject.get('Contents');
  const streams: Mupdf.PDFObject[] = [];
  const array = resolved(contents);
  if (array?.isArray()) {
    for (let i = 0; i < array.length; i++) if (array.get(i).isStream()) streams.push(array.get(i));
  } else if (contents.isStream()) streams.push(contents);
  if (streams.length > 0) {
    // A viewer reads a Contents array as one stream (operands may even span two parts).
    const joined = Buffer.concat(
      streams.flatMap((s) => [Buffer.from(s.readStream().asUint8Array()), Buffer.from('\n')]),
    );
    const result = normaliseTextOperators(joined, 0);
    add(count, result);
    if (result.rewritten > 0) pageObject.put('Contents', page._doc.addStream(Buffer.from(result.bytes), {}));
  }
  normaliseResources(pageObject.get('Resources'), seen, count);
  return count;
}

function normaliseResources(resources: Mupdf.PDFObject, seen: Set<number>, count: StreamRewriteCount): void {
  const dict = resolved(resources);
  if (!dict?.isDictionary()) return;
  // Named marked-content properties (`/MC0 BDC`) carry replacement texts that repeat page words.
  const properties = resolved(dict.get('Properties'));
  if (properties?.isDictionary()) {
    properties.forEach((value) => {
      const entry = resolved(value);
      if (!entry?.isDictionary()) return;
      for (const key of ['ActualText', 'Alt', 'E']) entry.delete(key);
    });
  }
  for (const category of ['XObject', 'Pattern']) {
    const entries = resolved(dict.get(category));
    if (!entries?.isDictionary()) continue;
    entries.forEach((value) => {
      if (value.isIndirect()) {
        if (seen.has(value.asIndirect())) return;
        seen.add(value.asIndirect());
      }
      const stream = value;
      if (!stream.isStream()) return;
      const isForm = stream.get('Subtype').asName() === 'Form';
      const isTiling = stream.get('PatternType').asNumber() === 1;
      if (!isForm && !isTiling) return;
      const result = normaliseTextOperators(stream.readStream().asUint8Array());
      add(count, result);
      if (result.rewritten > 0) stream.writeStream(Buffer.from(result.bytes));
      normaliseResources(stream.get('Resources'), seen, count);
    });
  }
}

function add(count: StreamRewriteCount, result: StreamRewriteCount): void {
  count.rewritten += result.rewritten;
  count.unresolved += result.unresolved;
}
