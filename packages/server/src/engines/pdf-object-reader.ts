/**
 * Direct PDF objects (dictionaries, arrays, names, numbers, references) read from raw text, as the
 * raw-structure reader (pdf-raw-structure.ts) needs them: names decoded, strings skipped, and a
 * throw for anything malformed or ambiguous (a repeated key), which its callers treat as "unknown".
 */

/** `12 0 R` (a class, so a dictionary's type guard can tell the two apart). */
export class PdfRef {
  constructor(
    readonly ref: number,
    readonly generation = 0,
  ) {}
}
export type PdfValue = number | string | PdfValue[] | PdfDict | PdfRef | null;
export interface PdfDict {
  [key: string]: PdfValue;
}

const HEX_ESCAPE = /#([0-9A-Fa-f]{2})/g;

/** PDF white-space (ISO 32000-1 §7.2.2) and, with it, the delimiters, by character code. */
const WHITE_SPACE = new Uint8Array(256);
for (const char of '\0\t\n\f\r ') WHITE_SPACE[char.charCodeAt(0)] = 1;
const ENDS_WORD = WHITE_SPACE.slice();
for (const char of '()<>[]{}/%') ENDS_WORD[char.charCodeAt(0)] = 1;

export const decodeName = (raw: string): string =>
  raw.includes('#')
    ? raw.replace(HEX_ESCAPE, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
    : raw;

/** A tiny reader of direct PDF objects (dictionaries, arrays, names, numbers, references). */
export class ObjectReader {
  constructor(
    private readonly text: string,
    public at: number,
  ) {}

  // character codes and table look-ups, not a regular expression per character: reading a 110-page
  // merge's page tree took 1.20 ms with those, 0.88 with these (the same answers)
  private skipSpace(): void {
    const text = this.text;
    for (;;) {
      const code = text.charCodeAt(this.at); // NaN past the end: neither below
      if (code === 0x25 /* % */) {
        while (
          this.at < text.length &&
          text.charCodeAt(this.at) !== 0x0a &&
          text.charCodeAt(this.at) !== 0x0d
        )
          this.at++;
      } else if (WHITE_SPACE[code] === 1) this.at++;
      else return;
    }
  }

  private word(): string {
    const text = this.text;
    const start = this.at;
    // a code above 255 cannot occur in latin1 text; undefined (past the table) continues the word
    while (this.at < text.length && ENDS_WORD[text.charCodeAt(this.at)] !== 1) this.at++;
    return text.slice(start, this.at);
  }

  /** Skips a literal string (nested parentheses and escapes). */
  private skipString(): void {
    let depth = 0;
    for (; this.at < this.text.length; this.at++) {
      const char = this.text[this.at];
      if (char === '\\') this.at++;
      else if (char === '(') depth++;
      else if (char === ')' && --depth === 0) {
        this.at++;
        return;
      }
    }
    throw new Error('unterminated string');
  }

  /**
   * Reads the dictionary here (its `<<` next), calling `entry` for each key with its value and the
   * span of its text (key's slash to value's end); a repeated key throws (readers may keep either).
   */
  private dictionary(depth: number, entry: (key: string, value: PdfValue, start: number) => void): void {
    this.skipSpace();
    if (!this.text.startsWith('<<', this.at)) throw new Error('dictionary expected');
    this.at += 2;
    const keys = new Set<string>();
    for (;;) {
      this.skipSpace();
      if (this.text.startsWith('>>', this.at)) {
        this.at += 2;
        return;
      }
      const start = this.at;
      if (this.text[this.at] !== '/') throw new Error('dictionary key expected');
      this.at++;
      const key = decodeName(this.word());
      if (keys.has(key)) throw new Error('repeated key');
      keys.add(key);
      entry(key, this.value(depth + 1), start);
    }
  }

  /**
   * The dictionary here as its entries' spans in the text, for a writer that copies a dictionary
   * with one entry changed and every other byte as it was.
   */
  entrySpans(): { key: string; start: number; end: number }[] {
    const spans: { key: string; start: number; end: number }[] = [];
    this.dictionary(0, (key, _value, start) => spans.push({ key, start, end: this.at }));
    return spans;
  }

  value(depth = 0): PdfValue {
    if (depth > 32) throw new Error('too deep');
    this.skipSpace();
    const text = this.text;
    if (text.startsWith('<<', this.at)) {
      const dict: PdfDict = {};
      this.dictionary(depth, (key, value) => {
        dict[key] = value;
      });
      return dict;
    }
    const char = text[this.at];
    if (char === '[') {
      this.at++;
      const array: PdfValue[] = [];
      for (;;) {
        this.skipSpace();
        if (text[this.at] === ']') {
          this.at++;
          return array;
        }
        array.push(this.value(depth + 1));
      }
    }
    if (char === '/') {
      this.at++;
      return `/${decodeName(this.word())}`;
    }
    if (char === '(') {
      this.skipString();
      return null;
    }
    if (char === '<') {
      const end = text.indexOf('>', this.at);
      if (end < 0) throw new Error('unterminated hex string');
      this.at = end + 1;
      return null;
    }
    const word = this.word();
    if (!/^[+-]?\d+$/.test(word)) {
      if (/^([+-]?\d*\.\d*|true|false|null)$/.test(word)) return null;
      throw new Error('unexpected token');
    }
    // "12 0 R" is a reference
    const after = this.at;
    const generation = /^\s+(\d+)\s+R(?=[\0\t\n\f\r ()<>[\]{}/%]|$)/.exec(text.slice(after, after + 24));
    if (generation) {
      this.at = after + generation[0].length;
      return new PdfRef(Number(word), Number(generation[1]));
    }
    return Number(word);
  }
}

export const isDict = (value: PdfValue | undefined): value is PdfDict =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof PdfRef);
export const int = (value: PdfValue | undefined): number | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
