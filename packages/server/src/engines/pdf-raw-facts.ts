/**
 * A PDF's page count and encryption read in-process from its raw bytes, so most jobs skip the qpdf
 * run that used to answer them (an engine process per job, ~10 ms of CPU: a fifth of a small job's
 * whole cost). Strict on purpose, as the active-content pre-check is: it answers only for files it
 * reads exactly as a reader would — header at byte 0, the xref chain read exactly
 * (pdf-raw-structure.ts), no encryption, every page-tree node where the xref says with the number and
 * generation its reference names, each /Pages node's /Count equal to the leaves under it, no node
 * twice. Anything else (damaged, repaired, encrypted, odd) answers undefined, and qpdf judges the
 * file as before (engines/pdf-inspect.ts). The pages it reads, with where their dictionaries' text
 * lies and the /Rotate each has or inherits, are what the in-process rotate writes (pdf-raw-rotate.ts).
 */
import { int, isDict, ObjectReader, type PdfDict, PdfRef, type PdfValue } from './pdf-object-reader';
import { objectStreamAt, type Section, xrefChain } from './pdf-raw-structure';

/** Page-tree nodes read at most (a larger tree goes to qpdf). */
const MAX_NODES = 100_000;
/** Page-tree depth followed at most. */
const MAX_DEPTH = 64;

class NotExact extends Error {}

/** An object read, and the span of its text in `text` (the file's, or an object stream's). */
export interface ObjectSource {
  value: PdfValue;
  text: string;
  start: number;
  end: number;
}

function read(text: string, start: number): ObjectSource {
  const reader = new ObjectReader(text, start);
  const value = reader.value();
  return { value, text, start, end: reader.at };
}

const notExact = (): never => {
  throw new NotExact();
};

/** Resolves references through the chain, newest section first; throws NotExact for anything odd. */
class RawObjects {
  /** Object streams read so far: their text, and where each object of theirs starts in it. */
  private readonly streams = new Map<number, { text: string; starts: Map<number, number> }>();

  constructor(
    private readonly text: string,
    private readonly bytes: Buffer,
    private readonly sections: readonly Section[],
  ) {}

  private section(number: number): Section {
    return this.sections.find((section) => section.numbers.has(number)) ?? notExact();
  }

  /** The object `value` refers to, and where its text lies (the file's, or its object stream's). */
  source(value: PdfValue | undefined): ObjectSource {
    if (!(value instanceof PdfRef)) return notExact();
    const section = this.section(value.ref);
    const offset = section.offsets.get(value.ref);
    if (offset !== undefined) return this.objectAt(offset, value);
    const container = section.containers.get(value.ref);
    // a free entry: a reader would take null, which is no page-tree node
    if (container === undefined || value.generation !== 0) return notExact();
    const stream = this.objectStream(container);
    return read(stream.text, stream.starts.get(value.ref) ?? notExact());
  }

  private objectAt(offset: number, ref: PdfRef): ObjectSource {
    const head = /^(\d+)\s+(\d+)\s+obj\b/.exec(this.text.slice(offset, offset + 40));
    if (!head || Number(head[1]) !== ref.ref || Number(head[2]) !== ref.generation) return notExact();
    return read(this.text, offset + head[0].length);
  }

  /** The object stream `container`, its head (`count` pairs of number and offset past `first`) read once. */
  private objectStream(container: number): { text: string; starts: Map<number, number> } {
    const known = this.streams.get(container);
    if (known) return known;
    const at = this.section(container).offsets.get(container) ?? notExact();
    const stream = objectStreamAt(this.text, this.bytes, at) ?? notExact();
    const reader = new ObjectReader(stream.text, 0);
    const starts = new Map<number, number>();
    for (let index = 0; index < stream.count; index++) {
      const [objectNumber, offset] = [int(reader.value()), int(reader.value())];
      // a number listed twice: readers may take either
      if (objectNumber === undefined || offset === undefined || starts.has(objectNumber)) return notExact();
      starts.set(objectNumber, stream.first + offset);
    }
    const read = { text: stream.text, starts };
    this.streams.set(container, read);
    return read;
  }
}

/** A page as read: its reference, its dictionary's text, and the /Rotate it has or inherits. */
export interface RawPage {
  ref: PdfRef;
  source: ObjectSource;
  rotate: PdfValue | undefined;
}

/** A PDF read exactly: its text, its xref chain (newest first), its catalog and its pages in order. */
export interface RawPageTree {
  text: string;
  sections: Section[];
  catalog: PdfDict;
  /** The catalog's reference (the newest trailer's /Root) and where its text lies. */
  root: { ref: PdfRef; source: ObjectSource };
  pages: RawPage[];
}

/** Collects the leaves under the page-tree node `ref` into `pages`, each /Count checked against them. */
function collectLeaves(
  objects: RawObjects,
  ref: PdfValue | undefined,
  inherited: { rotate: PdfValue | undefined; depth: number },
  seen: Set<number>,
  pages: RawPage[],
): number {
  if (!(ref instanceof PdfRef) || seen.has(ref.ref) || seen.size >= MAX_NODES || inherited.depth > MAX_DEPTH)
    return notExact();
  seen.add(ref.ref);
  const source = objects.source(ref);
  const node = source.value;
  if (!isDict(node)) return notExact();
  const rotate = 'Rotate' in node ? node.Rotate : inherited.rotate;
  if (node.Type === '/Page' && !('Kids' in node)) {
    pages.push({ ref, source, rotate });
    return 1;
  }
  if (node.Type !== '/Pages' || !Array.isArray(node.Kids)) return notExact();
  let leaves = 0;
  for (const kid of node.Kids)
    leaves += collectLeaves(objects, kid, { rotate, depth: inherited.depth + 1 }, seen, pages);
  return int(node.Count) === leaves ? leaves : notExact();
}

/** The pages of an unencrypted PDF read exactly from `bytes`; undefined when qpdf must judge it. */
export function rawPageTree(bytes: Buffer): RawPageTree | undefined {
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-')) return undefined;
  try {
    const sections = xrefChain(text, bytes);
    if (!sections || sections.some((section) => 'Encrypt' in section.trailer)) return undefined;
    const objects = new RawObjects(text, bytes, sections);
    const ref = sections[0]?.trailer.Root;
    const source = objects.source(ref);
    const catalog = source.value;
    if (!(ref instanceof PdfRef) || !isDict(catalog) || catalog.Type !== '/Catalog') return undefined;
    const pages: RawPage[] = [];
    collectLeaves(objects, catalog.Pages, { rotate: undefined, depth: 0 }, new Set(), pages);
    return pages.length > 0 ? { text, sections, catalog, root: { ref, source }, pages } : undefined;
  } catch {
    // NotExact, or a structure the reader of raw objects refuses (malformed, too deep)
    return undefined;
  }
}

/** Page count of an unencrypted PDF read exactly from `bytes`; undefined when qpdf must judge it. */
export function rawPdfFacts(bytes: Buffer): { pages: number; encrypted: false } | undefined {
  const tree = rawPageTree(bytes);
  return tree && { pages: tree.pages.length, encrypted: false };
}
