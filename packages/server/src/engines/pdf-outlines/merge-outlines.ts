/**
 * qpdf's page assembly drops every input's bookmarks. These two steps rebuild them with MuPDF, in a
 * worker thread (never on the server's): `collectOutlines` reads each input's outline, in file order,
 * its targets moved to where that file's pages land (it runs while qpdf assembles the pages), then
 * `insertOutlines` writes them into the merged file. Titles, nesting, order, position on the page and
 * zoom are kept; named destinations are resolved to explicit ones (the inputs' name trees are not
 * merged, so names would dangle; name-tree-dests.ts finds those MuPDF alone would miss); web-address entries stay as they are. Inputs without bookmarks
 * contribute none.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { OutlineIterator, PDFDocument } from 'mupdf';
import { loadMupdf } from '../mupdf';
import { rawPageTree } from '../pdf-raw-facts';
import { destinationView, type Matrix } from './destination-view';
import { reachNameTreeDests } from './name-tree-dests';

/** MuPDF's outline entry type (not exported by name from its typings). */
type OutlineItem = NonNullable<ReturnType<PDFDocument['loadOutline']>>[number];

type LinkDest = ReturnType<PDFDocument['resolveLinkDestination']>;

/** One bookmark placed in the merged file (plain data: it crosses from the worker and back). */
export interface PlacedItem {
  title: string;
  open: boolean;
  /** Where the entry goes in the merged file (page moved, position and zoom kept)... */
  dest?: LinkDest;
  /**
   * ...and that destination as the file writes it after the page's reference (destination-view.ts),
   * read while qpdf runs so that the update written in-process (raw-outlines.ts) needs no MuPDF.
   */
  view?: string;
  /** ...or, for entries that open a web address, that address as it was. */
  externalUri?: string;
  children: PlacedItem[];
}

const FIT_PAGE = { type: 'Fit', chapter: 0, x: 0, y: 0, width: 0, height: 0, zoom: 0 } as const;

/**
 * Returns the outline of every part (in merge order) moved to its merged page numbers; empty when no
 * part has one. Page offsets come from each part's own page count, as qpdf appended them. A part read
 * exactly from its raw bytes (engines/pdf-raw-facts.ts) whose catalog has no /Outlines contributes
 * only its page count, without a MuPDF open: in a 50-file merge where 5 files have bookmarks that took
 * the collection from 30 ms of CPU to 24 (it runs beside qpdf, on the same cores).
 */
export async function collectOutlines(parts: readonly string[]): Promise<PlacedItem[]> {
  const mupdf = await loadMupdf();
  const placed: PlacedItem[] = [];
  let firstPage = 0;
  for (const path of parts) {
    const bytes = await readFile(path);
    const raw = rawPageTree(bytes);
    if (raw && !('Outlines' in raw.catalog)) {
      firstPage += raw.pages.length;
      continue;
    }
    const doc = mupdf.Document.openDocument(bytes, 'application/pdf');
    const offset = firstPage;
    firstPage += doc.countPages();
    const pdf: PDFDocument | null = doc.asPDF();
    if (pdf) reachNameTreeDests(pdf);
    const transforms = new Map<number, Matrix | undefined>();
    /** The transform of the part's page `index`, each page loaded once. */
    const transformOf = (index: number): Matrix | undefined => {
      if (!transforms.has(index)) {
        try {
          const page = pdf?.loadPage(index);
          transforms.set(index, page?.getTransform());
          page?.destroy();
        } catch {
          transforms.set(index, undefined); // the bookmark then goes in through MuPDF's writer
        }
      }
      return transforms.get(index);
    };
    const viewOf = (dest: LinkDest | undefined): string | undefined => {
      const transform = dest && transformOf(dest.page - offset);
      return dest && transform && destinationView(dest, transform);
    };
    const destinationOf = (item: OutlineItem): LinkDest | undefined => {
      if (!item.uri?.startsWith('#')) return undefined; // MuPDF writes in-document targets as '#...'
      try {
        const dest = doc.resolveLinkDestination(item.uri);
        return dest.page >= 0 ? { ...dest, chapter: 0, page: dest.page + offset } : undefined;
      } catch {
        return item.page !== undefined && item.page >= 0
          ? { ...FIT_PAGE, page: item.page + offset }
          : undefined;
      }
    };
    try {
      const place = (items: readonly OutlineItem[] | undefined): PlacedItem[] =>
        (items ?? []).flatMap((item): PlacedItem[] => {
          const children = place(item.down);
          const dest = destinationOf(item);
          const externalUri = item.uri && /^[a-z][a-z0-9+.-]*:/i.test(item.uri) ? item.uri : undefined;
          if (!dest && !externalUri && children.length === 0) return [];
          const title = item.title ?? '';
          if (dest) return [{ title, open: item.open, dest, view: viewOf(dest), externalUri, children }];
          // A heading without a target of its own opens its first child's page.
          const first = externalUri ? undefined : children.find((child) => child.dest);
          return [{ title, open: item.open, dest: first?.dest, view: first?.view, externalUri, children }];
        });
      placed.push(...place(doc.loadOutline() ?? undefined));
    } finally {
      doc.destroy();
    }
  }
  return placed;
}

function insertItems(doc: PDFDocument, iterator: OutlineIterator, items: readonly PlacedItem[]): void {
  for (const item of items) {
    const uri = item.dest ? doc.formatLinkURI(item.dest) : item.externalUri;
    iterator.insert({ title: item.title, uri, open: item.open });
    if (item.children.length > 0) {
      // insert() leaves the iterator after the new item: step back onto it and into its children.
      iterator.prev();
      iterator.down();
      insertItems(doc, iterator, item.children);
      iterator.up();
      iterator.next();
    }
  }
}

/**
 * Writes `items` into `mergedPath` (an incremental update); answers how many top-level entries, and
 * the file's new bytes (the caller checks and stores them without reading the file back).
 */
export async function insertOutlines(
  mergedPath: string,
  items: readonly PlacedItem[],
): Promise<{ inserted: number; bytes?: Uint8Array }> {
  if (items.length === 0) return { inserted: 0 };
  const mupdf = await loadMupdf();
  const merged = mupdf.Document.openDocument(await readFile(mergedPath), 'application/pdf').asPDF();
  if (!merged) return { inserted: 0 };
  try {
    insertItems(merged, merged.outlineIterator(), items);
    // a copy out of MuPDF's heap: the buffer is handed to the server's thread whole
    const bytes = merged.saveToBuffer('incremental').asUint8Array().slice();
    await writeFile(mergedPath, bytes);
    return { inserted: items.length, bytes };
  } finally {
    merged.destroy();
  }
}
