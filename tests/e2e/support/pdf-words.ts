/** Words of page 1 with their boxes, as poppler reads them (`pdftotext -bbox`: points, top-left origin). */
import { execFileSync } from 'node:child_process';

export interface PdfWord {
  text: string;
  box: [number, number, number, number];
}

export function firstPageWords(path: string): PdfWord[] {
  const html = execFileSync('pdftotext', ['-q', '-bbox', '-f', '1', '-l', '1', path, '-'], {
    encoding: 'utf8',
  });
  return [
    ...html.matchAll(
      /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
    ),
  ].map((match) => ({
    text: (match[5] ?? '').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>'),
    box: [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])],
  }));
}
