/**
 * The merge's bookmarks written in-process into qpdf's output, as an incremental update
 * (pdf-raw-update.ts): an outline dictionary, one dictionary per item (ISO 32000-1 §12.3.3: title,
 * parent, siblings, children and their /Count, the destination on its page or the web address) and
 * the catalog copied byte for byte with /Outlines pointing at them. It replaces a MuPDF open, insert
 * and save of the whole merged file in a worker (about 7 ms of a 50-file merge's answer, against 2).
 *
 * It declines (undefined: MuPDF's writer does the job, as before) a file it does not read exactly
 * (pdf-raw-facts.ts), an entry whose destination has no view (destination-view.ts) or points past the
 * last page, and a web address that is not plain ASCII or not of a scheme written as a URI action. It
 * checks its own output: the new cross-reference section must point at every object written, each of
 * them must read as a dictionary, and the catalog must keep its pages and name the new outline.
 */
import { isDict, ObjectReader, PdfRef } from '../pdf-object-reader';
import { rawPageTree } from '../pdf-raw-facts';
import { sectionAt } from '../pdf-raw-structure';
import { dictionaryWith, incrementalUpdate, type UpdatedObject, type WrittenUpdate } from '../pdf-raw-update';
import type { PlacedItem } from './merge-outlines';

/** Web addresses MuPDF writes as a URI action (a file: address becomes a link to another file). */
const URI_ACTION = /^(?:https?|mailto|ftp|tel):[\x21-\x7e]*$/i;

/** A PDF text string: literal when plain ASCII, else UTF-16BE with its byte order mark. */
function textString(value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `(${value.replace(/[\\()]/g, '\\$&')})`;
  return `<FEFF${Buffer.from(value, 'utf16le').swap16().toString('hex').toUpperCase()}>`;
}

/** How many entries under `item` a reader shows: its children and theirs, as far as each is open. */
const visibleUnder = (item: PlacedItem): number => (item.open ? shownBelow(item.children) : 0);
const shownBelow = (items: readonly PlacedItem[]): number =>
  items.reduce((sum, item) => sum + 1 + visibleUnder(item), 0);

class NotWritable extends Error {}

/** The update's objects: the outline dictionary numbered `root`, its items after it in reading order. */
function outlineObjects(
  items: readonly PlacedItem[],
  root: number,
  pageRefs: readonly PdfRef[],
): UpdatedObject[] {
  const objects: UpdatedObject[] = [];
  let next = root + 1;
  /** Numbers `items` (children of `parent`) and writes them, each after its own children are numbered. */
  const write = (siblings: readonly PlacedItem[], parent: number): number[] => {
    const numbers = siblings.map(() => next++);
    siblings.forEach((item, index) => {
      const entries = [`/Title ${textString(item.title)}`, `/Parent ${parent} 0 R`];
      if (index > 0) entries.push(`/Prev ${numbers[index - 1]} 0 R`);
      if (index < siblings.length - 1) entries.push(`/Next ${numbers[index + 1]} 0 R`);
      const number = numbers[index] as number;
      if (item.children.length > 0) {
        const kids = write(item.children, number);
        const count = item.open ? visibleUnder(item) : -shownBelow(item.children);
        entries.push(`/First ${kids[0]} 0 R /Last ${kids.at(-1)} 0 R /Count ${count}`);
      }
      if (item.dest) {
        const page = pageRefs[item.dest.page];
        if (!page || !item.view) throw new NotWritable();
        entries.push(`/Dest [${page.ref} ${page.generation} R ${item.view}]`);
      } else if (item.externalUri !== undefined) {
        if (!URI_ACTION.test(item.externalUri)) throw new NotWritable();
        entries.push(`/A <</S /URI /URI ${textString(item.externalUri)}>>`);
      }
      objects.push({ number, generation: 0, body: `<<${entries.join(' ')}>>` });
    });
    return numbers;
  };
  const top = write(items, root);
  objects.push({
    number: root,
    generation: 0,
    body: `<</Type /Outlines /First ${top[0]} 0 R /Last ${top.at(-1)} 0 R /Count ${shownBelow(items)}>>`,
  });
  return objects;
}

/** `bytes` (a PDF without bookmarks of its own, qpdf's merge) with `items` as its bookmarks; undefined when declined. */
export function withOutlinesRaw(bytes: Buffer, items: readonly PlacedItem[]): Buffer | undefined {
  const tree = rawPageTree(bytes);
  const newest = tree?.sections[0];
  const size = newest?.trailer.Size;
  if (!tree || !newest || typeof size !== 'number' || items.length === 0) return undefined;
  try {
    const objects = outlineObjects(
      items,
      size,
      tree.pages.map((page) => page.ref),
    );
    const { ref } = tree.root;
    objects.push({
      number: ref.ref,
      generation: ref.generation,
      body: dictionaryWith(tree.root.source, 'Outlines', `${size} 0 R`),
    });
    const update = incrementalUpdate(tree, bytes.length, objects);
    const intended = {
      base: bytes.length,
      prev: newest.at,
      catalog: ref,
      pages: tree.catalog.Pages,
      outlines: size,
    };
    return update && readsBack(update, intended) ? Buffer.concat([bytes, update.bytes]) : undefined;
  } catch {
    // NotWritable, or a catalog the reader refuses to copy (a repeated key)
    return undefined;
  }
}

/**
 * True when the update, read on its own as a reader finds it from the file's new last `startxref`,
 * chains to the file's sections, points at every object written, each reading as a dictionary, and
 * its catalog keeps the pages and names the new outline.
 */
function readsBack(
  update: WrittenUpdate,
  intended: { base: number; prev: number; catalog: PdfRef; pages: unknown; outlines: number },
): boolean {
  const text = update.bytes.toString('latin1');
  const local = (offset: number): number => offset - intended.base;
  const last = /startxref\n(\d+)\n%%EOF\n$/.exec(text);
  const section = last && sectionAt(text, update.bytes, local(Number(last[1])));
  const root = section?.trailer.Root;
  if (
    !section ||
    section.prev !== intended.prev ||
    !(root instanceof PdfRef) ||
    root.ref !== intended.catalog.ref
  )
    return false;
  for (const [number, offset] of update.offsets) {
    if (section.offsets.get(number) !== offset) return false;
    const head = /^(\d+) (\d+) obj\n/.exec(text.slice(local(offset), local(offset) + 32));
    if (Number(head?.[1]) !== number) return false;
    const object = new ObjectReader(text, local(offset) + (head?.[0].length ?? 0)).value();
    if (!isDict(object)) return false;
    if (number !== intended.catalog.ref) continue;
    const { Outlines, Pages } = object;
    const samePages =
      Pages instanceof PdfRef &&
      intended.pages instanceof PdfRef &&
      Pages.ref === intended.pages.ref &&
      Pages.generation === intended.pages.generation;
    if (!samePages || !(Outlines instanceof PdfRef) || Outlines.ref !== intended.outlines) return false;
  }
  return true;
}
