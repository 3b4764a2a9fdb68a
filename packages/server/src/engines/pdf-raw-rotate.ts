/**
 * Page rotation written in-process as an incremental update: each chosen page's dictionary copied
 * byte for byte with its /Rotate set, appended with a new cross-reference section that points at the
 * copies (ISO 32000-1 §7.5.6). Every other byte of the file stays as it was, so nothing a reader sees
 * changes but the rotation. A rotate of a small file was a qpdf process (with its spawn, ~9 ms of
 * CPU a request, the job's largest share: `npm run bench -- small-jobs`); files it does not read
 * exactly (pdf-raw-facts.ts) and odd rotations (indirect, not a multiple of 90) go to qpdf as before.
 *
 * It checks its own output: the result is read back with the same strict reader, and unless every
 * page is there with the rotation asked for, the caller gets undefined and qpdf does the job.
 */
import { int, ObjectReader, type PdfValue } from './pdf-object-reader';
import { type RawPage, type RawPageTree, rawPageTree } from './pdf-raw-facts';
import type { Section } from './pdf-raw-structure';

/** The trailer entries an update carries over (besides /Size and /Prev, which it writes). */
const CARRIED = ['Root', 'Info', 'ID'];

/** A page's rotation as a reader shows it (0, 90, 180, 270); undefined for anything else. */
function rotationOf(value: PdfValue | undefined): number | undefined {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value % 90 !== 0) return undefined;
  return ((value % 360) + 360) % 360;
}

/** The page's dictionary text with its own /Rotate (if any) replaced by `rotation`. */
function rotatedDictionary(page: RawPage, rotation: number): string {
  const { text, start, end } = page.source;
  const reader = new ObjectReader(text, start);
  const own = reader.entrySpans().find((span) => span.key === 'Rotate');
  const dictionary = own ? text.slice(start, own.start) + text.slice(own.end, end) : text.slice(start, end);
  return dictionary.replace(/^\s*<</, `<</Rotate ${rotation} `);
}

/** The raw text of the trailer entries an update must repeat (/Root, /Info, /ID). */
function carriedEntries(text: string, newest: Section): string {
  const spans = new ObjectReader(text, newest.trailerAt).entrySpans();
  return spans
    .filter((span) => CARRIED.includes(span.key))
    .map((span) => text.slice(span.start, span.end))
    .join(' ');
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** A classic xref table and trailer for `objects` (number, generation, offset). */
function tableSection(
  objects: { number: number; generation: number; offset: number }[],
  trailer: string,
  at: number,
): string {
  const rows = objects
    .map((object) => `${object.number} 1\n${pad(object.offset, 10)} ${pad(object.generation, 5)} n \n`)
    .join('');
  return `xref\n${rows}trailer\n<<${trailer}>>\nstartxref\n${at}\n%%EOF\n`;
}

/** An uncompressed xref stream (object `self`, at `at`) for `objects` and itself. */
function streamSection(
  objects: { number: number; generation: number; offset: number }[],
  trailer: string,
  self: number,
  at: number,
): Buffer {
  const all = [...objects, { number: self, generation: 0, offset: at }];
  const rows = Buffer.alloc(all.length * 7);
  all.forEach((object, index) => {
    rows.writeUInt8(1, index * 7);
    rows.writeUInt32BE(object.offset, index * 7 + 1);
    rows.writeUInt16BE(object.generation, index * 7 + 5);
  });
  const index = all.map((object) => `${object.number} 1`).join(' ');
  const head = `${self} 0 obj\n<</Type /XRef /W [1 4 2] /Index [${index}] ${trailer} /Length ${rows.length}>>\nstream\n`;
  const tail = `\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`;
  return Buffer.concat([Buffer.from(head, 'latin1'), rows, Buffer.from(tail, 'latin1')]);
}

/**
 * `bytes` with the 1-based `pageNumbers` of `tree` (read from `bytes`) turned clockwise by `angle`;
 * undefined when this cannot be done exactly, and qpdf must.
 */
export function rotateRaw(
  bytes: Buffer,
  tree: RawPageTree,
  pageNumbers: readonly number[],
  angle: 90 | 180 | 270,
): Buffer | undefined {
  const newest = tree.sections[0];
  const size = int(newest?.trailer.Size);
  if (!newest || size === undefined) return undefined;
  if (tree.pages.some((page) => page.ref.ref >= size)) return undefined;
  const expected = tree.pages.map((page) => rotationOf(page.rotate));
  const chosen = [...new Set(pageNumbers)].sort((a, b) => a - b);
  const parts: Buffer[] = [bytes];
  let at = bytes.length;
  const append = (part: Buffer): void => {
    parts.push(part);
    at += part.length;
  };
  if (!/[\r\n]$/.test(tree.text.slice(-1))) append(Buffer.from('\n'));
  const written: { number: number; generation: number; offset: number }[] = [];
  for (const pageNumber of chosen) {
    const page = tree.pages[pageNumber - 1];
    const current = expected[pageNumber - 1];
    if (!page || current === undefined) return undefined;
    const rotation = (current + angle) % 360;
    expected[pageNumber - 1] = rotation;
    const { ref, generation } = page.ref;
    written.push({ number: ref, generation, offset: at });
    append(Buffer.from(`${ref} ${generation} obj\n${rotatedDictionary(page, rotation)}\nendobj\n`, 'latin1'));
  }
  written.sort((a, b) => a.number - b.number);
  const carried = carriedEntries(tree.text, newest);
  if (newest.kind === 'table') {
    append(Buffer.from(tableSection(written, `/Size ${size} ${carried} /Prev ${newest.at}`, at), 'latin1'));
  } else {
    append(streamSection(written, `/Size ${size + 1} ${carried} /Prev ${newest.at}`, size, at));
  }
  const result = Buffer.concat(parts);
  return readsBackAs(result, expected) ? result : undefined;
}

/** True when `result` reads exactly, with every page there and turned as `expected` says. */
function readsBackAs(result: Buffer, expected: (number | undefined)[]): boolean {
  const tree = rawPageTree(result);
  return (
    tree !== undefined &&
    tree.pages.length === expected.length &&
    tree.pages.every((page, index) => rotationOf(page.rotate) === expected[index])
  );
}
