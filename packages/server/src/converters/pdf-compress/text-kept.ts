/**
 * Compress verifies its own output: a candidate may shrink images and fonts, never change what the
 * pages say. Ghostscript's rewrite of some ToUnicode maps (cidrange entries, Ghostscript 10.00) turns
 * correct text into other characters, which a user only finds when a search fails; comparing the
 * text of every page before and after catches that. MuPDF reads both, in its worker pool.
 */
import { readTextLayersInWorker } from '../../engines/mupdf-worker';
import type { ConverterContext } from '../converter.types';

/** A page's characters without layout: spaces and line breaks may move when fonts are rewritten. */
const characters = (text: string): string => text.normalize('NFC').replace(/\s+/g, '');

/** The characters of every page, in page order. */
export async function pageCharacters(
  path: string,
  ctx: Pick<ConverterContext, 'signal' | 'deadlineAt'>,
): Promise<string[]> {
  const pages = await readTextLayersInWorker(path, ctx.signal, ctx.deadlineAt);
  return pages.map((page) => characters(page.text));
}

/** True when both have as many pages and each page has the same characters. */
export function sameText(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && before.every((page, index) => page === after[index]);
}
