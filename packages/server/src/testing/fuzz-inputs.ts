/**
 * Reproducible hostile inputs for the fuzz test: a seeded PRNG, byte mutations (bit flips,
 * truncation, duplicated chunks) and hand-written PDFs with broken structure (page-tree loops, zero
 * or huge MediaBox, a declared page count of 100,000). The same seed gives the same files.
 */

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)] as T;

export function flipBits(random: Random, bytes: Buffer): Buffer {
  const copy = Buffer.from(bytes);
  const flips = 1 + Math.floor(random() * 24);
  for (let i = 0; i < flips; i++) {
    const at = Math.floor(random() * copy.length);
    copy[at] = (copy[at] ?? 0) ^ (1 << Math.floor(random() * 8));
  }
  return copy;
}

export function truncate(random: Random, bytes: Buffer): Buffer {
  return bytes.subarray(0, Math.max(1, Math.floor(random() * bytes.length)));
}

export function duplicateChunk(random: Random, bytes: Buffer): Buffer {
  const start = Math.floor(random() * bytes.length);
  const length = Math.min(bytes.length - start, 1 + Math.floor(random() * 4096));
  const at = Math.floor(random() * bytes.length);
  const chunk = bytes.subarray(start, start + length);
  return Buffer.concat([bytes.subarray(0, at), chunk, chunk, bytes.subarray(at)]);
}

/** A PDF from numbered object bodies (1-based), with a correct xref table. */
export function pdfFromObjects(objects: readonly string[]): Buffer {
  let body = '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const CONTENT = 'BT /F1 24 Tf 72 700 Td (Hello fuzz) Tj ET';
const FONT = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
const stream = (text: string): string => `<< /Length ${text.length} >>\nstream\n${text}\nendstream`;

function page(mediaBox: string): string {
  return `<< /Type /Page /Parent 2 0 R /MediaBox ${mediaBox} /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>`;
}

/** Broken page trees and page boxes that engines have choked on. */
export const structuralCases: Record<string, () => Buffer> = {
  'pages-kids-itself': () =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>',
      page('[0 0 612 792]'),
      stream(CONTENT),
      FONT,
    ]),
  'pages-loop-through-child': () =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 6 0 R] /Count 3 >>',
      page('[0 0 612 792]'),
      stream(CONTENT),
      FONT,
      '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>',
    ]),
  'mediabox-zero': () =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      page('[0 0 0 0]'),
      stream(CONTENT),
      FONT,
    ]),
  'mediabox-huge': () =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      page('[0 0 10000000 10000000]'),
      stream(CONTENT),
      FONT,
    ]),
  'mediabox-inverted': () =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      page('[612 792 0 -1e9]'),
      stream(CONTENT),
      FONT,
    ]),
  'declared-100000-pages': () =>
    pdfFromObjects([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 100000 >>',
      page('[0 0 612 792]'),
      stream(CONTENT),
      FONT,
    ]),
  'no-pages': () =>
    pdfFromObjects(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [] /Count 0 >>']),
};
