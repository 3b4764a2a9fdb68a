/**
 * Words with their boxes as poppler reads them (`pdftotext -bbox`): the independent reader the
 * redaction checks its own output with. Boxes are in points from the top-left corner of the page's
 * visible box, rotation applied, which is MuPDF's page space too.
 */

import type { Rect } from '../../engines/mupdf-redaction/page-text';
import { runEngine } from '../../engines/run-engine';

export interface PopplerWord {
  text: string;
  box: Rect;
}

export interface PopplerPage {
  /** The page's size in points as poppler sees it (rotation applied). */
  width: number;
  height: number;
  words: PopplerWord[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeHtml = (text: string): string =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');

/** Every page's words, in poppler's order. */
export function parseBboxHtml(html: string): PopplerPage[] {
  const pages: PopplerPage[] = [];
  for (const page of html.split('<page ').slice(1)) {
    const size = /^width="([\d.]+)" height="([\d.]+)"/.exec(page);
    const words: PopplerWord[] = [];
    for (const match of page.matchAll(
      /<word xMin="([-\d.]+)" yMin="([-\d.]+)" xMax="([-\d.]+)" yMax="([-\d.]+)">([^<]*)<\/word>/g,
    )) {
      words.push({
        text: unescapeHtml(match[5] ?? ''),
        box: [Number(match[1]), Number(match[2]), Number(match[3]), Number(match[4])],
      });
    }
    pages.push({ width: Number(size?.[1] ?? 0), height: Number(size?.[2] ?? 0), words });
  }
  return pages;
}

export async function readPopplerWords(
  path: string,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<PopplerPage[]> {
  const { stdout } = await runEngine('pdftotext', ['-q', '-bbox', '-enc', 'UTF-8', path, '-'], {
    ...options,
    maxStdout: 512 * 1024 * 1024,
  });
  return parseBboxHtml(stdout.toString('utf8'));
}
