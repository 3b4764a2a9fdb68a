/**
 * A scan made from a text PDF: poppler renders page 1 at 300 dpi in grey and pdf-lib wraps the picture
 * as the only content of a page the original's size, so no text layer survives (what a scanner gives).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { recordLogMarker } from './log-markers';

const DPI = 300;

export async function imageOnlyPdf(source: string, output: string): Promise<string> {
  const base = output.replace(/\.pdf$/, '');
  execFileSync('pdftoppm', [
    '-gray',
    '-png',
    '-r',
    String(DPI),
    '-f',
    '1',
    '-l',
    '1',
    '-singlefile',
    source,
    base,
  ]);
  const doc = await PDFDocument.create();
  const png = await doc.embedPng(readFileSync(`${base}.png`));
  const [width, height] = [(png.width * 72) / DPI, (png.height * 72) / DPI];
  doc.addPage([width, height]).drawImage(png, { x: 0, y: 0, width, height });
  writeFileSync(output, await doc.save());
  // the file goes to the server under this name: the server's log must never show it
  recordLogMarker('file name', basename(output));
  return output;
}
