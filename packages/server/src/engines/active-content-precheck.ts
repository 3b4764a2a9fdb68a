/**
 * A cheap proof that a PDF holds nothing the active-content scrub (strip-active-content.ts) would
 * remove, so most results skip the MuPDF pass. It reads the raw bytes and says "clean" only when it
 * has read the text of every object a reader can load, and none names what the scrub looks for:
 * - the raw bytes, stream data included (binary can only add false alarms, which run the scrub);
 * - every object stream a reader can load: those the xref chain points into (the chain read exactly
 *   from the last `startxref` through every /Prev, classic tables and xref streams, typed or not:
 *   engines/pdf-raw-structure.ts) and every stream typed /ObjStm (what a reader rebuilding a damaged
 *   xref loads), each inflated; one that cannot be read exactly (not Flate, an indirect /Length...)
 *   answers "may hold", and so does any encrypted file;
 * - every name compared decoded (`/J#61vaScript` is /JavaScript), case ignored; a name with a `#`
 *   that does not decode is compared by its letters alone (`/Java#5Script` counts as JavaScript).
 * Old versions of objects left by incremental updates are in the bytes and are read as well.
 * Anything unusual (no header at byte 0, a chain it cannot follow, a hybrid /XRefStm) answers "may hold".
 */
import { decodeName } from './pdf-object-reader';
import { objectStreamOffsets, objectStreamText, streamTypeAt } from './pdf-raw-structure';

/** Names whose presence means the full scrub runs (actions, scripts, attachments, hybrid xref, encryption). */
const SUSPICIOUS_NAMES = new Set(
  [
    'JavaScript',
    'JS',
    'Launch',
    'ImportData',
    'RichMediaExecute',
    'EF',
    'RF',
    'EmbeddedFile',
    'EmbeddedFiles',
    'XRefStm',
    // an encrypted object stream could inflate to anything: such files get the scrub
    'Encrypt',
  ].map((name) => name.toLowerCase()),
);
/** In the file's own text: the suspicious names, and /ObjStm (each must be a stream's /Type). */
const WATCHED_IN_FILE = new Set([...SUSPICIOUS_NAMES, 'objstm']);
/** Inside an object stream nothing may name another one or an xref stream (streams cannot be there). */
const SUSPICIOUS_IN_OBJECT_STREAMS = new Set([...SUSPICIOUS_NAMES, 'objstm', 'xref']);
/** A regular character of a name ('/' then these; PDF whitespace and delimiters end it). */
const NAME_CHAR = '[^\\0\\t\\n\\f\\r /[\\]<>(){}%]';
/** Inflated object-stream text read in all, at most (beyond, the scrub runs: the server's thread is shared). */
const MAX_OBJECT_STREAM_CHARS = 32 * 1024 * 1024;
/** Files scanned at most, in bytes (the scrub's worker scans those too large for the server's thread). */
const MAX_SCANNED_BYTES = 256 * 1024 * 1024;
/** How far back from an /ObjStm name its object's header is looked for. */
const HEADER_WINDOW = 4096;

/**
 * A search for the names of `watched` (lower case, letters only): every name written with a '#'
 * (group 1, judged decoded below), and every name spelt as one of `watched` in any case, whole. Only
 * those are looked at, instead of decoding every name of the text: the check of a 50-file merge's
 * 2 MB result took 4.4 ms that way and 2.8 ms this way, on the server's thread.
 */
function searchFor(watched: ReadonlySet<string>): RegExp {
  return new RegExp(`/(?:(${NAME_CHAR}*#${NAME_CHAR}*)|(?:${[...watched].join('|')})(?!${NAME_CHAR}))`, 'gi');
}
const SEARCH_IN_FILE = searchFor(WATCHED_IN_FILE);
const SEARCH_IN_OBJECT_STREAMS = searchFor(SUSPICIOUS_IN_OBJECT_STREAMS);

/**
 * The names of `text` in `watched`, as a reader decodes them, lower-cased ('#' that does not decode:
 * letters only), with where each starts (its '/').
 */
export function* watchedNames(
  text: string,
  watched: ReadonlySet<string>,
  search = searchFor(watched),
): Generator<{ name: string; at: number }> {
  for (const match of text.matchAll(search)) {
    const escaped = match[1];
    let name = match[0].slice(1).toLowerCase();
    if (escaped !== undefined) {
      const decoded = decodeName(escaped);
      // readers differ on a '#' that does not decode: judge its letters alone (binary data is full of them)
      name = (decoded.includes('#') ? decoded.replace(/[^A-Za-z]/g, '') : decoded).toLowerCase();
    }
    if (watched.has(name)) yield { name, at: match.index ?? 0 };
  }
}

/** The offset of the `N G obj` header last before `at` (the object an /ObjStm name belongs to). */
function headerBefore(text: string, at: number): number | undefined {
  const from = Math.max(0, at - HEADER_WINDOW);
  let found: number | undefined;
  for (const match of text.slice(from, at).matchAll(/(?<![0-9])\d+\s+\d+\s+obj\b/g))
    found = from + (match.index ?? 0);
  return found;
}

/** The object streams typed /ObjStm, by offset; undefined when a name is suspicious or unplaceable. */
function typedObjectStreamsIn(text: string, bytes: Buffer): number[] | undefined {
  const typed: number[] = [];
  for (const { name, at } of watchedNames(text, WATCHED_IN_FILE, SEARCH_IN_FILE)) {
    if (SUSPICIOUS_NAMES.has(name)) return undefined;
    if (name !== 'objstm') continue;
    // every /ObjStm name must be the /Type of a stream object whose head we read (else: binary or a
    // trick, e.g. a header written with a comment inside that the search above does not see)
    const header = headerBefore(text, at);
    const stream = header === undefined ? undefined : streamTypeAt(text, bytes, header);
    if (header === undefined || stream?.type !== '/ObjStm' || at > stream.dictEnd) return undefined;
    typed.push(header);
  }
  return typed;
}

/** False only when `bytes` provably hold no active content for the scrub to remove. */
export function mayHoldActiveContent(bytes: Buffer): boolean {
  // beyond, the text would near V8's longest string (~512 MB) and the scan the scrub's own cost
  if (bytes.length > MAX_SCANNED_BYTES) return true;
  const text = bytes.toString('latin1');
  if (!text.startsWith('%PDF-')) return true;
  try {
    const typed = typedObjectStreamsIn(text, bytes);
    const chained = typed && objectStreamOffsets(text, bytes);
    if (!typed || !chained) return true;
    let budget = MAX_OBJECT_STREAM_CHARS;
    for (const offset of new Set([...chained, ...typed])) {
      const objects = objectStreamText(text, bytes, offset);
      if (objects === undefined) return true;
      budget -= objects.length;
      if (budget < 0) return true;
      const watched = watchedNames(objects, SUSPICIOUS_IN_OBJECT_STREAMS, SEARCH_IN_OBJECT_STREAMS);
      if (!watched.next().done) return true;
    }
  } catch {
    return true; // a structure the reader of raw objects refuses (malformed, too deep)
  }
  return false;
}
