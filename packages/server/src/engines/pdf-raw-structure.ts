/**
 * A PDF's cross-reference chain and object streams read from its raw bytes, for the active-content
 * pre-check (active-content-precheck.ts). Strict on purpose: anything it does not read exactly as a
 * reader would (an indirect /Length, a filter other than Flate, a predictor it does not know, a
 * table that does not parse) answers undefined, and the caller runs the full scrub.
 */
import { readFile, stat } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { int, isDict, ObjectReader, type PdfDict } from './pdf-object-reader';

/**
 * Files read in-process at most (~3 ms a MB on the server's thread, which every other request shares);
 * larger ones go to the engines, whose own cost dominates there anyway.
 */
const RAW_READ_MAX_BYTES = 4 * 1024 * 1024;

/** True when a file of `size` bytes is small enough to read on the server's thread. */
export const smallForServerThread = (size: number): boolean => size <= RAW_READ_MAX_BYTES;

/** The bytes of `path` when it is small enough to read on the server's thread; else undefined. */
export async function rawBytesIfSmall(path: string): Promise<Buffer | undefined> {
  return smallForServerThread((await stat(path)).size) ? readFile(path) : undefined;
}

/** How far the chain is followed (files with more sections get the scrub). */
const MAX_SECTIONS = 64;
/** An xref stream or object stream larger than this, inflated, gets the scrub (a zip bomb stops here). */
const MAX_INFLATED_BYTES = 16 * 1024 * 1024;
/** The indirect stream object at `offset`: its dictionary and its data as a reader takes it. */
function streamObjectAt(
  text: string,
  bytes: Buffer,
  offset: number,
): { dict: PdfDict; dictAt: number; dictEnd: number; data: Buffer } | undefined {
  const head = /^(\d+)\s+(\d+)\s+obj\b/.exec(text.slice(offset, offset + 40));
  if (!head) return undefined;
  const dictAt = offset + head[0].length;
  const reader = new ObjectReader(text, dictAt);
  const dict = reader.value();
  if (!isDict(dict)) return undefined;
  const keyword = /^[\0\t\n\f\r ]*stream(\r\n|\n)/.exec(text.slice(reader.at, reader.at + 64));
  const length = int(dict.Length);
  if (!keyword || length === undefined) return undefined;
  const start = reader.at + keyword[0].length;
  // the data must end where /Length says (else readers search for endstream and may disagree)
  if (!/^(\r\n|\r|\n)?endstream/.test(text.slice(start + length, start + length + 16))) return undefined;
  return { dict, dictAt, dictEnd: reader.at, data: bytes.subarray(start, start + length) };
}

/** Flate data only, undoing a PNG predictor; undefined for anything else. */
function decodeStream(dict: PdfDict, data: Buffer): Buffer | undefined {
  const filter = Array.isArray(dict.Filter) && dict.Filter.length === 1 ? dict.Filter[0] : dict.Filter;
  const params =
    Array.isArray(dict.DecodeParms) && dict.DecodeParms.length === 1 ? dict.DecodeParms[0] : dict.DecodeParms;
  let decoded: Buffer;
  if (filter === undefined) decoded = data;
  else if (filter !== '/FlateDecode') return undefined;
  else {
    try {
      decoded = inflateSync(data, { maxOutputLength: MAX_INFLATED_BYTES });
    } catch {
      return undefined;
    }
  }
  if (params === undefined || params === null) return decoded;
  if (!isDict(params)) return undefined;
  const predictor = params.Predictor === undefined ? 1 : int(params.Predictor);
  if (predictor === 1) return decoded;
  const colors = params.Colors === undefined ? 1 : params.Colors;
  const bits = params.BitsPerComponent === undefined ? 8 : params.BitsPerComponent;
  const columns = params.Columns === undefined ? 1 : int(params.Columns);
  if (predictor === undefined || predictor < 10 || predictor > 15 || colors !== 1 || bits !== 8 || !columns)
    return undefined;
  return undoPngPredictor(decoded, columns);
}

/** PNG row filters (None, Sub, Up, Average, Paeth) with one byte per pixel. */
function undoPngPredictor(data: Buffer, columns: number): Buffer | undefined {
  const rowSize = columns + 1;
  if (data.length % rowSize !== 0) return undefined;
  const rows = data.length / rowSize;
  const out = Buffer.alloc(rows * columns);
  for (let row = 0; row < rows; row++) {
    const type = data[row * rowSize];
    for (let col = 0; col < columns; col++) {
      const raw = data[row * rowSize + 1 + col] ?? 0;
      const left = col > 0 ? (out[row * columns + col - 1] ?? 0) : 0;
      const up = row > 0 ? (out[(row - 1) * columns + col] ?? 0) : 0;
      const upLeft = row > 0 && col > 0 ? (out[(row - 1) * columns + col - 1] ?? 0) : 0;
      let predicted: number;
      if (type === 0) predicted = 0;
      else if (type === 1) predicted = left;
      else if (type === 2) predicted = up;
      else if (type === 3) predicted = (left + up) >> 1;
      else if (type === 4) {
        const p = left + up - upLeft;
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
        predicted = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      } else return undefined;
      out[row * columns + col] = (raw + predicted) & 0xff;
    }
  }
  return out;
}

/** One section's entries: object number → offset (type 1) or containing object stream (type 2). */
export interface Section {
  offsets: Map<number, number>;
  containers: Map<number, number>;
  numbers: Set<number>;
  prev: number | undefined;
  /** The trailer dictionary (an xref stream's own dictionary). */
  trailer: PdfDict;
  /** Where the trailer dictionary starts in the file's text. */
  trailerAt: number;
  /** A classic `xref` table, or an xref stream. */
  kind: 'table' | 'stream';
  /** Where the section starts (what `startxref` or the next section's /Prev names). */
  at: number;
}

/** A classic `xref` table and its trailer's /Prev. */
function classicSection(text: string, offset: number): Section | undefined {
  const section: Section = {
    offsets: new Map(),
    containers: new Map(),
    numbers: new Set(),
    prev: undefined,
    trailer: {},
    trailerAt: 0,
    kind: 'table',
    at: offset,
  };
  const subsection = /\s*(\d+)\s+(\d+)\s*?(?:\r\n|\r|\n)/y;
  const entry = /(\d{10}) (\d{5}) ([nf])[\r\n ]{1,2}/y;
  let at = offset + 'xref'.length;
  for (;;) {
    const trailer = /^\s*trailer/.exec(text.slice(at, at + 64));
    if (trailer) {
      section.trailerAt = at + trailer[0].length;
      const dict = new ObjectReader(text, section.trailerAt).value();
      if (!isDict(dict) || 'XRefStm' in dict) return undefined;
      section.trailer = dict;
      if (dict.Prev !== undefined) {
        section.prev = int(dict.Prev);
        if (section.prev === undefined) return undefined;
      }
      return section;
    }
    subsection.lastIndex = at;
    const head = subsection.exec(text);
    if (!head) return undefined;
    const [first, count] = [Number(head[1]), Number(head[2])];
    at = subsection.lastIndex;
    for (let index = 0; index < count; index++) {
      entry.lastIndex = at;
      const row = entry.exec(text);
      if (!row) return undefined;
      at = entry.lastIndex;
      section.numbers.add(first + index);
      if (row[3] === 'n') section.offsets.set(first + index, Number(row[1]));
    }
  }
}

/** An xref stream: its rows by /W and /Index, and its /Prev. */
function streamSection(text: string, bytes: Buffer, offset: number): Section | undefined {
  const stream = streamObjectAt(text, bytes, offset);
  if (!stream || 'XRefStm' in stream.dict) return undefined;
  const widths = stream.dict.W;
  const size = int(stream.dict.Size);
  if (!Array.isArray(widths) || widths.length !== 3 || size === undefined) return undefined;
  const [w1, w2, w3] = widths.map(int);
  if (w1 === undefined || w2 === undefined || w3 === undefined || w1 > 4 || w2 > 8 || w3 > 8)
    return undefined;
  const index = stream.dict.Index === undefined ? [0, size] : stream.dict.Index;
  if (!Array.isArray(index) || index.length % 2 !== 0) return undefined;
  const rows = decodeStream(stream.dict, stream.data);
  if (!rows) return undefined;
  const section: Section = {
    offsets: new Map(),
    containers: new Map(),
    numbers: new Set(),
    prev: undefined,
    trailer: stream.dict,
    trailerAt: stream.dictAt,
    kind: 'stream',
    at: offset,
  };
  if (stream.dict.Prev !== undefined) {
    section.prev = int(stream.dict.Prev);
    if (section.prev === undefined) return undefined;
  }
  const rowSize = w1 + w2 + w3;
  const field = (at: number, width: number): number => {
    let value = 0;
    for (let i = 0; i < width; i++) value = value * 256 + (rows[at + i] ?? 0);
    return value;
  };
  let at = 0;
  for (let pair = 0; pair < index.length; pair += 2) {
    const [first, count] = [int(index[pair]), int(index[pair + 1])];
    if (first === undefined || count === undefined) return undefined;
    for (let n = 0; n < count; n++, at += rowSize) {
      if (at + rowSize > rows.length) return undefined;
      const type = w1 === 0 ? 1 : field(at, w1);
      const number = first + n;
      section.numbers.add(number);
      if (type === 1) section.offsets.set(number, field(at + w1, w2));
      else if (type === 2) section.containers.set(number, field(at + w1, w2));
      else if (type !== 0) return undefined;
    }
  }
  return section;
}

/** The object stream at `offset`: its object count, where its objects start, and its inflated text. */
export function objectStreamAt(
  text: string,
  bytes: Buffer,
  offset: number,
): { count: number; first: number; text: string } | undefined {
  const stream = streamObjectAt(text, bytes, offset);
  const [count, first] = [int(stream?.dict.N), int(stream?.dict.First)];
  if (!stream || count === undefined || first === undefined) return undefined;
  const decoded = decodeStream(stream.dict, stream.data)?.toString('latin1');
  return decoded === undefined ? undefined : { count, first, text: decoded };
}

/** The inflated text of the object stream at `offset` (undefined when it cannot be read exactly). */
export function objectStreamText(text: string, bytes: Buffer, offset: number): string | undefined {
  return objectStreamAt(text, bytes, offset)?.text;
}

/** The /Type of the stream object at `offset` and where its dictionary ends, if it is one. */
export function streamTypeAt(
  text: string,
  bytes: Buffer,
  offset: number,
): { type: string; dictEnd: number } | undefined {
  const stream = streamObjectAt(text, bytes, offset);
  const type = stream?.dict.Type;
  return stream && typeof type === 'string' ? { type, dictEnd: stream.dictEnd } : undefined;
}

/** The cross-reference section (a classic table or an xref stream) at `offset`, if it reads exactly. */
export function sectionAt(text: string, bytes: Buffer, offset: number): Section | undefined {
  return text.startsWith('xref', offset) ? classicSection(text, offset) : streamSection(text, bytes, offset);
}

/**
 * The cross-reference chain, newest section first (the last `startxref`, then every /Prev);
 * undefined when any part of it cannot be read exactly (the caller then assumes the worst).
 */
export function xrefChain(text: string, bytes: Buffer): Section[] | undefined {
  const last = text.lastIndexOf('startxref');
  const start = last < 0 ? undefined : /^startxref\s+(\d{1,15})\s/.exec(text.slice(last, last + 40));
  let offset: number | undefined = start ? Number(start[1]) : undefined;
  if (offset === undefined) return undefined;
  const sections: Section[] = [];
  const seen = new Set<number>();
  while (offset !== undefined) {
    if (seen.has(offset) || seen.size >= MAX_SECTIONS) return undefined;
    seen.add(offset);
    const section = sectionAt(text, bytes, offset);
    if (!section) return undefined;
    sections.push(section);
    offset = section.prev;
  }
  return sections;
}

/** The offsets of the object streams the chain points into; undefined when it cannot be read exactly. */
export function objectStreamOffsets(text: string, bytes: Buffer): number[] | undefined {
  const sections = xrefChain(text, bytes);
  if (!sections) return undefined;
  const containers = new Set(sections.flatMap((section) => [...section.containers.values()]));
  const offsets: number[] = [];
  for (const container of containers) {
    // the newest section that lists the container says where it is
    const at = sections.find((section) => section.numbers.has(container))?.offsets.get(container);
    if (at === undefined) return undefined;
    offsets.push(at);
  }
  return offsets;
}
