/**
 * Test support for OCR: known text made into image-only PDFs (poppler renders it at 300 dpi, pdf-lib
 * wraps each PNG as a full page, so no text layer survives), and the character error rate against
 * the known text.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { run } from '../../testing/pdf-tools';

/** A PDF whose pages are only the 300 dpi renders of `source`'s pages, each the size of the original. */
export async function imageOnlyPdf(
  source: string,
  output: string,
  workDir: string,
  dpi = 300,
): Promise<void> {
  const prefix = join(workDir, `render-${Date.now()}`);
  await run('pdftoppm', ['-r', String(dpi), '-png', source, prefix]);
  const pngs = (await readdir(workDir))
    .filter((name) => name.startsWith(prefix.split('/').pop() ?? ''))
    .sort();
  const doc = await PDFDocument.create();
  for (const name of pngs) {
    const png = await doc.embedPng(await readFile(join(workDir, name)));
    const width = (png.width * 72) / dpi;
    const height = (png.height * 72) / dpi;
    doc.addPage([width, height]).drawImage(png, { x: 0, y: 0, width, height });
  }
  await writeFile(output, await doc.save());
}

/** A one-page text PDF (Helvetica, WinAnsi: Latin scripts with umlauts and accents). */
export async function textPdf(lines: readonly string[], output: string, size = 14): Promise<void> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  lines.forEach((line, index) => {
    page.drawText(line, { x: 60, y: 720 - index * size * 1.6, size, font });
  });
  await writeFile(output, await doc.save());
}

/**
 * Text as OCR is judged on: compatibility forms folded (ligatures), quotes and apostrophes dropped
 * (the crazyones text layer has no apostrophe glyph mapping), whitespace runs as one space.
 */
export function normaliseForCer(text: string): string {
  return text
    .normalize('NFKC')
    .replace(/[‘’'`"“”]/g, '')
    .replace(/[—–]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

export function levenshtein(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Character error rate: edits needed to turn the OCR output into the truth, per character of truth. */
export function characterErrorRate(ocr: string, truth: string): number {
  const expected = normaliseForCer(truth);
  return levenshtein(normaliseForCer(ocr), expected) / Math.max(1, expected.length);
}

/** Count of distinct words of `truth` (4+ letters) found in `ocr`, as a share. */
export function wordRecall(ocr: string, truth: string): number {
  const words = (text: string): Set<string> => new Set(text.toLowerCase().match(/[a-z]{4,}/g) ?? []);
  const expected = words(truth);
  const found = words(ocr);
  let hits = 0;
  for (const word of expected) if (found.has(word)) hits += 1;
  return hits / Math.max(1, expected.size);
}
