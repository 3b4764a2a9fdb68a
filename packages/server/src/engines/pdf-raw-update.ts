/**
 * Incremental updates written in-process (ISO 32000-1 §7.5.6): objects appended after the file's last
 * byte, then a cross-reference section that points at them and chains to the file's newest one
 * (/Prev), of the same kind (a classic table after a table, an uncompressed xref stream after a
 * stream). Every byte of the original stays as it was. What the in-process rotate
 * (pdf-raw-rotate.ts) and the merge's bookmarks (pdf-outlines/raw-outlines.ts) append.
 */
import { int, ObjectReader } from './pdf-object-reader';
import type { ObjectSource, RawPageTree } from './pdf-raw-facts';
import type { Section } from './pdf-raw-structure';

/** An object the update writes: a new one, or a new version of one the file has. */
export interface UpdatedObject {
  number: number;
  generation: number;
  /** The object's text between `obj` and `endobj`. */
  body: string;
}

/** Where an update put its objects, for the writer's check of its own output. */
export interface WrittenUpdate {
  /** The bytes to append after the file's last byte. */
  bytes: Buffer;
  /** Each object's offset in the updated file. */
  offsets: Map<number, number>;
}

/** The trailer entries an update carries over (besides /Size and /Prev, which it writes). */
const CARRIED = ['Root', 'Info', 'ID'];

/** The raw text of the trailer entries an update must repeat (/Root, /Info, /ID). */
function carriedEntries(text: string, newest: Section): string {
  const spans = new ObjectReader(text, newest.trailerAt).entrySpans();
  return spans
    .filter((span) => CARRIED.includes(span.key))
    .map((span) => text.slice(span.start, span.end))
    .join(' ');
}

/**
 * The dictionary of `source` copied byte for byte, its own `key` entry (if any) dropped and
 * `/key value` written first in its place. Throws on a dictionary the reader refuses (a repeated key).
 */
export function dictionaryWith(source: ObjectSource, key: string, value: string): string {
  const { text, start, end } = source;
  const own = new ObjectReader(text, start).entrySpans().find((span) => span.key === key);
  const dictionary = own ? text.slice(start, own.start) + text.slice(own.end, end) : text.slice(start, end);
  return dictionary.replace(/^\s*<</, `<</${key} ${value} `);
}

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

/** A classic xref table and trailer for `objects`, one subsection each. */
function tableSection(objects: readonly Written[], trailer: string, at: number): string {
  const rows = objects
    .map((object) => `${object.number} 1\n${pad(object.offset, 10)} ${pad(object.generation, 5)} n \n`)
    .join('');
  return `xref\n${rows}trailer\n<<${trailer}>>\nstartxref\n${at}\n%%EOF\n`;
}

/** An uncompressed xref stream (object `self`, at `at`) for `objects` and itself. */
function streamSection(objects: readonly Written[], trailer: string, self: number, at: number): Buffer {
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

type Written = Omit<UpdatedObject, 'body'> & { offset: number };

/**
 * The update that writes `objects` after `length` bytes of the file `tree` was read from; undefined
 * when its newest trailer has no /Size. Objects numbered past /Size make it grow.
 */
export function incrementalUpdate(
  tree: RawPageTree,
  length: number,
  objects: readonly UpdatedObject[],
): WrittenUpdate | undefined {
  const newest = tree.sections[0];
  const size = int(newest?.trailer.Size);
  if (!newest || size === undefined) return undefined;
  const parts: Buffer[] = [];
  let at = length;
  const append = (part: Buffer): void => {
    parts.push(part);
    at += part.length;
  };
  if (!/[\r\n]$/.test(tree.text.slice(-1))) append(Buffer.from('\n'));
  const written: Written[] = [];
  for (const { number, generation, body } of objects) {
    written.push({ number, generation, offset: at });
    append(Buffer.from(`${number} ${generation} obj\n${body}\nendobj\n`, 'latin1'));
  }
  written.sort((a, b) => a.number - b.number);
  // a loop, not Math.max(...): a rotate of every page of a long file writes more objects than a call takes arguments
  const newSize = written.reduce((largest, object) => Math.max(largest, object.number + 1), size);
  const carried = carriedEntries(tree.text, newest);
  if (newest.kind === 'table') {
    append(
      Buffer.from(tableSection(written, `/Size ${newSize} ${carried} /Prev ${newest.at}`, at), 'latin1'),
    );
  } else {
    append(streamSection(written, `/Size ${newSize + 1} ${carried} /Prev ${newest.at}`, newSize, at));
  }
  return {
    bytes: Buffer.concat(parts),
    offsets: new Map(written.map((object) => [object.number, object.offset])),
  };
}
