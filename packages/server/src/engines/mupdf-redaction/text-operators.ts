/**
 * Rewrites the next-line text operators of a content stream (`T*`, `'`, `"`) as explicit `Td` moves,
 * with the leading tracked through `TL`, `TD` and the q/Q graphics-state stack.
 *
 * Why: MuPDF's redaction filter (mupdf 1.28, pdf_filter/sanitize) re-emits every `Td` as `TD` and drops
 * `TL`, so a stream written `72 760 Td 18 TL (a) ' (b) '` comes out as `72 760 TD T* (a)Tj T* (b)Tj`:
 * the leading becomes -760 and every line after the first jumps off the page, away from the redaction
 * boxes, so those glyphs are not removed. Streams without next-line operators are safe, so this makes
 * every stream such a stream before MuPDF filters it, and drops `TL` itself once its value is tracked
 * (MuPDF would otherwise fold a later `0 -L Td` back into `T*`). Everything else stays byte for byte.
 *
 * Marked-content properties written inline (`/Span << /ActualText (…) >> BDC`) lose their replacement
 * texts (`ActualText`, `Alt`, `E`): they repeat the page's words, which MuPDF keeps there after
 * removing the glyphs. (Named property lists are cleaned in the page's resources.)
 *
 * A Form XObject inherits the leading of whoever paints it, which a static rewrite cannot know; such
 * operators are left as they are and counted in `unresolved` (the redaction's own verification then
 * catches what MuPDF does with them).
 */

export interface NormalisedStream {
  bytes: Uint8Array;
  /** Operators rewritten. */
  rewritten: number;
  /** Next-line operators left alone because the leading was not known. */
  unresolved: number;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (byte: number): boolean => !WHITESPACE.has(byte) && !DELIMITERS.has(byte);

interface Token {
  start: number;
  end: number;
  /** 'op' for operators and keywords, 'num', or 'other' (strings, names, arrays, dictionaries). */
  kind: 'op' | 'num' | 'other';
  text: string;
}

/** Skips a literal string starting at `(`; returns the index after its closing `)`. */
function skipLiteralString(bytes: Uint8Array, from: number): number {
  let depth = 0;
  for (let i = from; i < bytes.length; i++) {
    const byte = bytes[i];
    if (byte === 0x5c)
      i += 1; // backslash escapes the next byte
    else if (byte === 0x28) depth += 1;
    else if (byte === 0x29 && --depth === 0) return i + 1;
  }
  return bytes.length;
}

/** Skips a balanced [ … ] or << … >> (strings inside may hold brackets). */
function skipComposite(bytes: Uint8Array, from: number): number {
  let depth = 0;
  let i = from;
  while (i < bytes.length) {
    const byte = bytes[i] ?? 0;
    if (byte === 0x28) {
      i = skipLiteralString(bytes, i);
      continue;
    }
    if (byte === 0x25) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
      continue;
    }
    if (byte === 0x3c && bytes[i + 1] !== 0x3c) {
      // a hex string: its '>' must not be read as half of a dictionary's '>>'
      while (i < bytes.length && bytes[i] !== 0x3e) i++;
      i += 1;
      continue;
    }
    if (byte === 0x5b || (byte === 0x3c && bytes[i + 1] === 0x3c)) {
      depth += 1;
      i += byte === 0x5b ? 1 : 2;
    } else if (byte === 0x5d || (byte === 0x3e && bytes[i + 1] === 0x3e)) {
      depth -= 1;
      i += byte === 0x5d ? 1 : 2;
      if (depth === 0) return i;
    } else i += 1;
  }
  return i;
}

/** Inline image data after `ID`: up to whitespace + `EI` + whitespace (or the end). */
function skipInlineImage(bytes: Uint8Array, from: number): number {
  for (let i = from + 1; i + 1 < bytes.length; i++) {
    if (
      bytes[i] === 0x45 &&
      bytes[i + 1] === 0x49 &&
      WHITESPACE.has(bytes[i - 1] ?? 0) &&
      (i + 2 >= bytes.length || !isRegular(bytes[i + 2] ?? 0))
    )
      return i + 2;
  }
  return bytes.length;
}

function* tokens(bytes: Uint8Array): Generator<Token> {
  let i = 0;
  while (i < bytes.length) {
    const byte = bytes[i] ?? 0;
    if (WHITESPACE.has(byte)) {
      i += 1;
      continue;
    }
    if (byte === 0x25) {
      while (i < bytes.length && bytes[i] !== 0x0a && bytes[i] !== 0x0d) i++;
      continue;
    }
    const start = i;
    if (byte === 0x28) i = skipLiteralString(bytes, i);
    else if (byte === 0x5b || (byte === 0x3c && bytes[i + 1] === 0x3c)) i = skipComposite(bytes, i);
    else if (byte === 0x3c) {
      while (i < bytes.length && bytes[i] !== 0x3e) i++;
      i += 1;
    } else if (byte === 0x2f) {
      i += 1;
      while (i < bytes.length && isRegular(bytes[i] ?? 0)) i++;
    } else if (isRegular(byte)) {
      while (i < bytes.length && isRegular(bytes[i] ?? 0)) i++;
      const text = latin1(bytes, start, i);
      yield { start, end: i, kind: /^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) ? 'num' : 'op', text };
      if (text === 'ID') i = skipInlineImage(bytes, i);
      continue;
    } else i += 1; // a stray delimiter: ignore it
    yield { start, end: i, kind: 'other', text: '' };
  }
}

const REPLACEMENT_KEY = /\/(ActualText|Alt|E)(?=[\s(</])\s*/g;

/** An inline property dictionary without its /ActualText, /Alt and /E string entries. */
export function withoutReplacementTexts(dict: string): string {
  if (!dict.startsWith('<<')) return dict;
  let out = '';
  let at = 0;
  for (const match of dict.matchAll(REPLACEMENT_KEY)) {
    const valueAt = (match.index ?? 0) + match[0].length;
    if (valueAt < at) continue;
    const bytes = Buffer.from(dict, 'latin1');
    let end = valueAt;
    if (dict[valueAt] === '(') end = skipLiteralString(bytes, valueAt);
    else if (dict[valueAt] === '<') end = dict.indexOf('>', valueAt) + 1;
    else continue;
    out += `${dict.slice(at, match.index)} `;
    at = end;
  }
  return out + dict.slice(at);
}

/** Bytes as ISO-8859-1 text: one character per byte, so the rewrite keeps binary strings intact. */
const latin1 = (bytes: Uint8Array, from: number, to: number): string =>
  Buffer.from(bytes.buffer, bytes.byteOffset + from, to - from).toString('latin1');

const format = (value: number): string => String(Math.round(value * 10_000) / 10_000);

/**
 * `initialLeading`: 0 for a page's content (the PDF default), undefined for a Form XObject, pattern or
 * appearance stream (inherited from the caller, unknown here).
 */
export function normaliseTextOperators(bytes: Uint8Array, initialLeading?: number): NormalisedStream {
  const pieces: string[] = [];
  let copiedTo = 0;
  let rewritten = 0;
  let unresolved = 0;
  let leading = initialLeading;
  const saved: (number | undefined)[] = [];
  let operands: Token[] = [];

  const replace = (from: number, to: number, text: string): void => {
    pieces.push(latin1(bytes, copiedTo, from), text);
    copiedTo = to;
    rewritten += 1;
  };

  for (const token of tokens(bytes)) {
    if (token.kind !== 'op') {
      operands.push(token);
      continue;
    }
    const op = token.text;
    const args = operands;
    operands = [];
    const number = (index: number): number | undefined => {
      const arg = args[args.length - 1 - index];
      return arg?.kind === 'num' ? Number(arg.text) : undefined;
    };
    if ((op === 'BDC' || op === 'DP') && args.length === 2 && args[1]?.kind === 'other') {
      const dict = args[1];
      const text = latin1(bytes, dict.start, dict.end);
      const cleaned = withoutReplacementTexts(text);
      if (cleaned !== text) replace(dict.start, dict.end, cleaned);
      continue;
    }
    if (op === 'q') saved.push(leading);
    else if (op === 'Q') leading = saved.length > 0 ? saved.pop() : leading;
    else if (op === 'TL') {
      // Dropped once tracked: MuPDF turns a later `0 -L Td` back into `T*` when it has seen `L TL`,
      // while the `TD` it writes has already set a different leading.
      const value = number(0);
      const first = args[0];
      if (value !== undefined && args.length === 1 && first) {
        leading = value;
        replace(first.start, token.end, '');
      }
    } else if (op === 'TD') {
      const ty = number(0);
      if (ty !== undefined) leading = -ty;
    } else if (op === 'T*' || op === "'" || op === '"') {
      if (leading === undefined) {
        unresolved += 1;
        continue;
      }
      const move = `0 ${format(-leading)} Td`;
      const first = args[0];
      if (op === 'T*') replace(token.start, token.end, move);
      else if (op === "'" && args.length === 1 && first) {
        replace(first.start, token.end, `${move} ${latin1(bytes, first.start, first.end)} Tj`);
      } else if (op === '"' && args.length === 3 && first) {
        const [aw, ac, text] = args.map((arg) => latin1(bytes, arg.start, arg.end));
        replace(first.start, token.end, `${aw} Tw ${ac} Tc ${move} ${text} Tj`);
      } else unresolved += 1; // malformed operands: leave them to the viewer's own recovery
    }
  }
  if (rewritten === 0) return { bytes, rewritten: 0, unresolved };
  pieces.push(latin1(bytes, copiedTo, bytes.length));
  return { bytes: Buffer.from(pieces.join(''), 'latin1'), rewritten, unresolved };
}
