/**
 * A PDF's page count and encryption read in-process from its raw bytes, so most jobs skip the qpdf
 * run that used to answer them (an engine process per job, ~10 ms of CPU: a fifth of a small job's
 * whole cost). Strict on purpose, as the active-content pre-check is: it answers only for files it
 * reads exactly as a reader would — header at byte 0, the xref chain read exactly
 * (pdf-raw-structure.ts), no encryption, every page-tree node where the xref says with the number and
 * generation its reference names, each /Pages node's /Count equal to the leaves under it, no node
 * twice. Anything else (damaged, repaired, encrypted, odd) answers undefined, and qpdf judges the
 * file as before (engines/pdf-inspect.ts).
 */
import { int, isDict, ObjectReader, PdfRef, type PdfValue } from './pdf-object-reader';
import { objectStreamAt, type Section, xrefChain } from './pdf-raw-structure';

/** Page-tree nodes read at most (a larger tree goes to qpdf). */
const MAX_NODES = 100_000;
/** Page-tree depth followed at most. */
const MAX_DEPTH = 64;

class NotExact extends Error {}
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

  resolve(value: PdfValue | undefined): PdfValue {
    if (!(value instanceof PdfRef)) return notExact();
    const section = this.section(value.ref);
    const offset = section.offsets.get(value.ref);
    if (offset !== undefined) return this.objectAt(offset, value);
    const container = section.containers.get(value.ref);
    // a free entry: a reader would take null, which is no page-tree node
    if (container === undefined || value.generation !== 0) return notExact();
    const stream = this.objectStream(container);
    const start = stream.starts.get(value.ref) ?? notExact();
    return new ObjectReader(stream.text, start).value();
  }

  private objectAt(offset: number, ref: PdfRef): PdfValue {
    const head = /^(\d+)\s+(\d+)\s+obj\b/.exec(this.text.slice(offset, offset + 40));
    if (!head || Number(head[1]) !== ref.ref || Number(head[2]) !== ref.generation) return notExact();
    return new ObjectReader(this.text, offset + head[0].length).value();
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

/** Leaves under the page-tree node `ref`, each /Pages node's /Count checked against them. */
function countLeaves(
  objects: RawObjects,
  ref: PdfValue | undefined,
  seen: Set<number>,
  depth: number,
): number {
  if (!(ref instanceof PdfRef) || seen.has(ref.ref) || seen.size >= MAX_NODES || depth > MAX_DEPTH)
    return notExact();
  seen.add(ref.ref);
  const node = objects.resolve(ref);
  if (!isDict(node)) return notExact();
  if (node.Type === '/Page' && !('Kids' in node)) return 1;
  if (node.Type !== '/Pages' || !Array.isArray(node.Kids)) return notExact();
  let leaves = 0;
  for (const kid of node.Kids) leaves += countLeaves(objects, kid, seen, depth + 1);
  return int(node.Count) === leaves ? leaves : notExact();
}

/** Page count of an unencrypted PDF read exactly from `bytes`; undefined when qpdf must judge it. */
export function rawPdfFacts(bytes: Buffer): { pages: number; encrypted: false } | undefined {
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-')) return undefined;
  try {
    const sections = xrefChain(text, bytes);
    if (!sections || sections.some((section) => 'Encrypt' in section.trailer)) return undefined;
    const objects = new RawObjects(text, bytes, sections);
    const catalog = objects.resolve(sections[0]?.trailer.Root);
    if (!isDict(catalog) || catalog.Type !== '/Catalog') return undefined;
    const pages = countLeaves(objects, catalog.Pages, new Set(), 0);
    return pages > 0 ? { pages, encrypted: false } : undefined;
  } catch {
    // NotExact, or a structure the reader of raw objects refuses (malformed, too deep)
    return undefined;
  }
}
