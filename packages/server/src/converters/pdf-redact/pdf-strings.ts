/**
 * Every text a PDF file holds outside its pictures and fonts, read from qpdf's uncompressed rewrite
 * (`--qdf`, streams decoded): the strings of every object and content stream (literal and hex,
 * UTF-16 decoded, joined in file order so a word split over `TJ` pieces reads whole) and the plain
 * bytes of text streams such as XMP. The redaction's byte-level check searches these for what it
 * removed, independently of MuPDF, which made the file.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runQpdf } from '../../engines/qpdf';

export interface FileTexts {
  /** All strings, decoded and joined, lower case, without white space. */
  strings: string;
  /** The file's non-binary bytes as Latin-1, lower case, without white space. */
  raw: string;
  /** `startxref` markers: more than one means an earlier revision is still in the file. */
  revisions: number;
}

/** Stream dictionaries whose data is binary (pictures, fonts, colour profiles): skipped. */
const BINARY_STREAM =
  /\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)\b|\/Length[123]\b|\/N\s+[134]\b[\s\S]*\/Alternate/;

export const squeeze = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

export async function readFileTexts(
  path: string,
  workDir: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<FileTexts> {
  const qdf = join(workDir, 'verify-decoded.qdf');
  await runQpdf(['--qdf', '--object-streams=disable', '--decode-level=generalized', path, qdf], options);
  const bytes = await readFile(qdf);
  const strings: string[] = [];
  const raw: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    const streamAt = bytes.indexOf('stream', at, 'latin1');
    const end = streamAt < 0 ? bytes.length : streamAt;
    const text = bytes.toString('latin1', at, end);
    raw.push(text);
    collectStrings(text, strings);
    if (streamAt < 0) break;
    // "endstream" also contains "stream": only a "stream" keyword right after a dictionary starts data
    const isStart = /(>>\s*)$/.test(bytes.toString('latin1', Math.max(0, streamAt - 8), streamAt));
    const dataAt = streamAt + 'stream'.length;
    if (!isStart) {
      at = dataAt;
      continue;
    }
    const dataEnd = bytes.indexOf('endstream', dataAt, 'latin1');
    const stop = dataEnd < 0 ? bytes.length : dataEnd;
    const dictionary = text.slice(text.lastIndexOf(' obj'));
    if (!BINARY_STREAM.test(dictionary)) {
      const data = bytes.toString('latin1', dataAt, stop);
      raw.push(data);
      collectStrings(data, strings);
    }
    at = stop;
  }
  const whole = bytes.toString('latin1');
  return {
    strings: squeeze(strings.join('')),
    raw: squeeze(raw.join('')),
    revisions: (whole.match(/\bstartxref\b/g) ?? []).length,
  };
}

/** Literal `( … )` and hex `< … >` strings of PDF syntax, decoded (UTF-16BE when marked). */
function collectStrings(text: string, into: string[]): void {
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (char === '%') {
      const eol = text.slice(i).search(/[\r\n]/);
      i = eol < 0 ? text.length : i + eol;
    } else if (char === '(') {
      const [value, next] = literalString(text, i);
      into.push(decodeTextString(value));
      i = next;
    } else if (char === '<' && text[i + 1] !== '<') {
      const close = text.indexOf('>', i);
      const hex = text.slice(i + 1, close < 0 ? text.length : close).replace(/[^0-9a-fA-F]/g, '');
      into.push(decodeTextString(Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex').toString('latin1')));
      i = close < 0 ? text.length : close + 1;
    } else if (char === '<') i += 2;
    else i += 1;
  }
}

const ESCAPES: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' };

function literalString(text: string, from: number): [string, number] {
  let depth = 0;
  let out = '';
  for (let i = from; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\\') {
      const next = text[i + 1] ?? '';
      const octal = /^[0-7]{1,3}/.exec(text.slice(i + 1, i + 4));
      if (octal) {
        out += String.fromCharCode(Number.parseInt(octal[0], 8) & 0xff);
        i += octal[0].length;
      } else if (next === '\r' || next === '\n') {
        i += next === '\r' && text[i + 2] === '\n' ? 2 : 1; // a line continuation
      } else {
        out += ESCAPES[next] ?? next;
        i += 1;
      }
    } else if (char === '(') {
      if (depth++ > 0) out += char;
    } else if (char === ')') {
      if (--depth === 0) return [out, i + 1];
      out += char;
    } else out += char;
  }
  return [out, text.length];
}

/** Text strings marked with a byte-order mark are UTF-16 (titles, ActualText, form values). */
function decodeTextString(latin1: string): string {
  if (latin1.startsWith('\xfe\xff')) {
    const units = Buffer.from(latin1.slice(2, 2 + ((latin1.length - 2) & ~1)), 'latin1');
    return units.swap16().toString('utf16le');
  }
  if (latin1.startsWith('\xff\xfe')) return Buffer.from(latin1.slice(2), 'latin1').toString('utf16le');
  if (latin1.startsWith('\xef\xbb\xbf')) return Buffer.from(latin1.slice(3), 'latin1').toString('utf8');
  return latin1;
}
