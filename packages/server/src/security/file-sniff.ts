/**
 * Upload sniffing: what a file is by its first bytes, not its name. A '.pdf' that is really a ZIP, or
 * a '.docx' that is a PNG, is refused with 415 before any engine sees it.
 */
import { open } from 'node:fs/promises';

export type SniffedKind =
  | 'pdf'
  | 'zip'
  | 'cfb'
  | 'rtf'
  | 'wordperfect'
  | 'jpeg'
  | 'png'
  | 'gif'
  | 'tiff'
  | 'bmp'
  | 'webp'
  | 'svg'
  | 'html'
  | 'text'
  | 'empty'
  | 'unknown';

/** Which byte kinds each extension may have. Text-like formats accept any text. */
// Password-protected OOXML files are OLE (CFB) containers wrapping the encrypted package.
const KINDS_BY_EXTENSION: Record<string, readonly SniffedKind[]> = {
  pdf: ['pdf'],
  docx: ['zip', 'cfb'],
  dotx: ['zip', 'cfb'],
  docm: ['zip'],
  xlsx: ['zip', 'cfb'],
  xltx: ['zip', 'cfb'],
  xlsb: ['zip', 'cfb'],
  xlsm: ['zip'],
  pptx: ['zip', 'cfb'],
  potx: ['zip', 'cfb'],
  ppsx: ['zip', 'cfb'],
  odt: ['zip'],
  ods: ['zip'],
  odp: ['zip'],
  // Word happily saves RTF or HTML under .doc, so those stay valid for the legacy names.
  doc: ['cfb', 'rtf', 'html'],
  dot: ['cfb', 'rtf'],
  xls: ['cfb', 'html', 'text'],
  ppt: ['cfb'],
  pps: ['cfb'],
  rtf: ['rtf'],
  wpd: ['wordperfect'],
  jpg: ['jpeg'],
  jpeg: ['jpeg'],
  png: ['png'],
  gif: ['gif'],
  tif: ['tiff'],
  tiff: ['tiff'],
  bmp: ['bmp'],
  webp: ['webp'],
  svg: ['svg'],
  html: ['html', 'text', 'svg'],
  htm: ['html', 'text', 'svg'],
  csv: ['text', 'html'],
  log: ['text', 'html'],
  txt: ['text', 'html'],
};

const startsWith = (bytes: Buffer, signature: number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((value, index) => bytes[offset + index] === value);

/** Printable text (UTF-8 or Latin-1, or UTF-16 with a BOM): no NULs and few control bytes. */
function looksLikeText(bytes: Buffer): boolean {
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
  let control = 0;
  for (const byte of bytes) {
    if (byte === 0) return false;
    if (byte < 9 || (byte > 13 && byte < 32)) control += 1;
  }
  return control <= bytes.length / 100;
}

export function sniffBytes(bytes: Buffer): SniffedKind {
  if (bytes.length === 0) return 'empty';
  // %PDF may follow a little junk (the PDF spec lets readers look in the first 1024 bytes)
  if (bytes.subarray(0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06]))
    return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'cfb';
  if (startsWith(bytes, [0xff, 0x57, 0x50, 0x43])) return 'wordperfect';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    bytes.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    bytes.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (startsWith(bytes, [0x42, 0x4d]) && bytes.length >= 14) return 'bmp';
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'webp';
  if (!looksLikeText(bytes)) return 'unknown';
  const head = bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 4096)
    .toLowerCase();
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (/<svg[\s>]/.test(head) && !/<html[\s>]/.test(head)) return 'svg';
  if (
    /^(<!doctype html|<html[\s>]|<head[\s>]|<body[\s>])/.test(head) ||
    /<(html|body|div|p|table|h1)[\s>]/.test(head)
  ) {
    return 'html';
  }
  return 'text';
}

/** How many leading bytes the sniff reads. */
export const SNIFF_BYTES = 8192;

export async function sniffFile(path: string): Promise<SniffedKind> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return sniffBytes(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** True when bytes of `kind` are plausible for a file named with `ext`. */
export function kindMatchesExtension(kind: SniffedKind, ext: string): boolean {
  const allowed = KINDS_BY_EXTENSION[ext];
  return allowed ? allowed.includes(kind) : kind !== 'unknown' && kind !== 'empty';
}

/** The extension to give a file that arrived without one, from its bytes. */
export function extensionForKind(kind: SniffedKind): string | undefined {
  const map: Partial<Record<SniffedKind, string>> = {
    pdf: 'pdf',
    rtf: 'rtf',
    jpeg: 'jpg',
    png: 'png',
    gif: 'gif',
    tiff: 'tiff',
    bmp: 'bmp',
    webp: 'webp',
    svg: 'svg',
    html: 'html',
    text: 'txt',
    wordperfect: 'wpd',
  };
  return map[kind];
}
