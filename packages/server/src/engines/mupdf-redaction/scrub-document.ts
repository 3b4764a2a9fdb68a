/**
 * Everything outside the page content that can carry what was redacted: the Info dictionary and XMP
 * metadata (document, pages, images), annotations that hold text (notes, free text, popups, file
 * attachments, markup with /Contents), form fields and their values, embedded files, JavaScript and
 * automatic actions, page thumbnails (a picture of the unredacted page), the structure tree (ActualText
 * and Alt texts repeat page text), piece info, and optional-content (layer) definitions. Links stay
 * unless their target or their position holds redacted text.
 */
import type * as Mupdf from 'mupdf';
import type { Rect } from './page-text';

const ROOT_KEYS = [
  'Metadata',
  'AcroForm',
  'AA',
  'AF',
  'PieceInfo',
  'StructTreeRoot',
  'MarkInfo',
  'OCProperties',
  'SpiderInfo',
  'Perms',
  'Legal',
  'Collection',
];
const PAGE_KEYS = ['Metadata', 'PieceInfo', 'AA', 'Thumb', 'StructParents', 'AF'];
const NAME_TREES_TO_DROP = ['JavaScript', 'EmbeddedFiles', 'AlternatePresentations'];

/** obj[key], or null when obj is not a dictionary (MuPDF's Null object cannot be indexed). */
function child(obj: Mupdf.PDFObject | null, key: string): Mupdf.PDFObject | null {
  if (!obj) return null;
  const resolved = obj.resolve();
  if (!resolved.isDictionary() && !resolved.isStream()) return null;
  const value = resolved.get(key);
  return value.isNull() ? null : value;
}

export const intersects = (a: Rect, b: Rect): boolean =>
  a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];

/** Drops every annotation except links that neither point at sensitive text nor sit on a redacted area. */
export function scrubPageAnnotations(
  mupdf: typeof Mupdf,
  page: Mupdf.PDFPage,
  redacted: readonly Rect[],
  isSensitive: (text: string) => boolean,
): void {
  const pageObject = page.getObject();
  const annots = child(pageObject, 'Annots')?.resolve();
  if (annots?.isArray()) {
    const toPage = page.getTransform();
    const kept = page._doc.newArray();
    for (let i = 0; i < annots.length; i++) {
      const annot = annots.get(i);
      if (child(annot, 'Subtype')?.asName() !== 'Link') continue;
      const uri = child(child(annot, 'A'), 'URI');
      if (uri?.isString() && isSensitive(uri.asString())) continue;
      const rect = child(annot, 'Rect')?.resolve();
      if (rect?.isArray()) {
        const userRect: Rect = [0, 1, 2, 3].map((k) => rect.get(k).asNumber()) as Rect;
        const onPage = mupdf.Rect.transform(userRect, toPage);
        if (redacted.some((box) => intersects(box, onPage))) continue;
      }
      kept.push(annot);
    }
    if (kept.length > 0) pageObject.put('Annots', kept);
    else pageObject.delete('Annots');
  }
  for (const key of PAGE_KEYS) pageObject.delete(key);
  scrubXObjectMetadata(child(pageObject, 'Resources'), new Set());
}

/** XMP on images and form XObjects (a camera or scanner writes names, places and dates there). */
function scrubXObjectMetadata(resources: Mupdf.PDFObject | null, seen: Set<number>): void {
  const xobjects = child(resources, 'XObject')?.resolve();
  if (!xobjects?.isDictionary()) return;
  xobjects.forEach((value) => {
    if (value.isIndirect()) {
      const num = value.asIndirect();
      if (seen.has(num)) return;
      seen.add(num);
    }
    const xobject = value.resolve();
    if (!xobject.isDictionary() && !xobject.isStream()) return;
    xobject.delete('Metadata');
    xobject.delete('PieceInfo');
    if (child(xobject, 'Subtype')?.asName() === 'Form')
      scrubXObjectMetadata(child(xobject, 'Resources'), seen);
  });
}

/** Document-level clean-up; outline titles that contain sensitive text are replaced. */
export function scrubDocument(doc: Mupdf.PDFDocument, redactTitle: (title: string) => string): void {
  const trailer = doc.getTrailer();
  trailer.delete('Info');
  const root = trailer.get('Root');
  // JavaScript or a launch action may run on open; a plain destination is harmless and kept.
  const openAction = child(root, 'OpenAction');
  if (openAction?.isDictionary() && child(openAction, 'S')?.asName() !== 'GoTo') root.delete('OpenAction');
  for (const key of ROOT_KEYS) root.delete(key);
  const names = child(root, 'Names')?.resolve();
  if (names?.isDictionary()) for (const key of NAME_TREES_TO_DROP) names.delete(key);
  scrubOutline(child(child(root, 'Outlines'), 'First'), redactTitle, 0);
}

function scrubOutline(
  item: Mupdf.PDFObject | null,
  redactTitle: (title: string) => string,
  depth: number,
): void {
  let node = item?.resolve() ?? null;
  let guard = 0;
  // Outlines can be cyclic in damaged files: bound both depth and length.
  while (node?.isDictionary() && depth < 64 && guard++ < 100_000) {
    const title = node.get('Title');
    if (title.isString()) {
      const clean = redactTitle(title.asString());
      if (clean !== title.asString()) node.put('Title', clean);
    }
    node.delete('A'); // actions (JavaScript, launch, URI) on bookmarks; the /Dest stays
    scrubOutline(child(node, 'First'), redactTitle, depth + 1);
    node = child(node, 'Next')?.resolve() ?? null;
  }
}
