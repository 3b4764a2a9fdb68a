/**
 * qpdf's page assembly drops every input's bookmarks. This step rebuilds them with MuPDF: each
 * input's outline, in file order, its targets moved to where that file's pages landed. Titles, nesting
 * and order are kept; targets become 'fit page' destinations (named destinations of the inputs would
 * dangle in the merged file). Inputs without bookmarks contribute none.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { OutlineIterator, PDFDocument } from 'mupdf';
import { loadMupdf } from '../../engines/mupdf';

/** MuPDF's outline entry type (not exported by name from its typings). */
type OutlineItem = NonNullable<ReturnType<PDFDocument['loadOutline']>>[number];

interface PlacedItem {
  title: string;
  page: number;
  open: boolean;
  children: PlacedItem[];
}

/**
 * Returns the outline of every part (in merge order) moved to its merged page numbers; empty when no
 * part has one. Page offsets come from each part's own page count, as qpdf appended them.
 */
async function collectOutlines(parts: readonly string[]): Promise<PlacedItem[]> {
  const mupdf = await loadMupdf();
  const placed: PlacedItem[] = [];
  let firstPage = 0;
  for (const path of parts) {
    const doc = mupdf.Document.openDocument(await readFile(path), 'application/pdf');
    const part = { firstPage };
    firstPage += doc.countPages();
    try {
      const place = (items: readonly OutlineItem[] | undefined): PlacedItem[] =>
        (items ?? []).flatMap((item) => {
          const page = item.page ?? (item.uri ? doc.resolveLink(item.uri) : -1);
          const children = place(item.down);
          if (page < 0 && children.length === 0) return [];
          const target = page >= 0 ? page : (children[0]?.page ?? 0) - part.firstPage;
          return [{ title: item.title ?? '', page: target + part.firstPage, open: item.open, children }];
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
    const uri = doc.formatLinkURI({
      type: 'Fit',
      chapter: 0,
      page: item.page,
      x: 0,
      y: 0,
      width: 0,
      height: 0,
      zoom: 0,
    });
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

/** Writes the parts' bookmarks into `mergedPath` (an incremental update); returns how many top-level entries. */
export async function mergeOutlines(mergedPath: string, parts: readonly string[]): Promise<number> {
  const items = await collectOutlines(parts);
  if (items.length === 0) return 0;
  const mupdf = await loadMupdf();
  const merged = mupdf.Document.openDocument(await readFile(mergedPath), 'application/pdf').asPDF();
  if (!merged) return 0;
  try {
    insertItems(merged, merged.outlineIterator(), items);
    await writeFile(mergedPath, merged.saveToBuffer('incremental').asUint8Array());
  } finally {
    merged.destroy();
  }
  return items.length;
}
