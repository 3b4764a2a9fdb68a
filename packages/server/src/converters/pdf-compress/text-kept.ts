/**
 * Compress verifies its own output: a candidate may shrink images and fonts, never change what the
 * pages say. Ghostscript's rewrite of some ToUnicode maps (cidrange entries, two-byte bfrange codes;
 * Ghostscript 10.00) turns correct text into other characters, which a user only finds when a search
 * fails; comparing the text of every page before and after catches that. MuPDF reads both, in its
 * worker pool: a document whose page count is known is read by two workers at once (each takes every
 * other chunk of pages), since the check of Ghostscript's output is on compress's critical path.
 * The original is read by one, while Ghostscript runs: on 2 cores a second reader took Ghostscript's
 * core, and the 117-page book compressed in 1011-1070 ms with one against 1088-1114 ms with two
 * (`COMPRESS_BASELINE_DIR=<checkout> npm run bench -- pdf-tools`, two runs).
 */
import { readTextLayersInWorker, runMupdfTask } from '../../engines/mupdf-worker';
import type { ConverterContext } from '../converter.types';

/** Pages per worker task at most: short tasks keep a cancelled job's worker free soon. */
const CHUNK = 25;
const LANES = 2;

/** A page's characters without layout: spaces and line breaks may move when fonts are rewritten. */
const characters = (text: string): string => text.normalize('NFC').replace(/\s+/g, '');

type Limits = Pick<ConverterContext, 'signal' | 'deadlineAt'>;

/** The text of pages [0, pages) in chunks read by `lanes` workers; undefined when the file has another count. */
async function readInLanes(
  path: string,
  pages: number,
  ctx: Limits,
  lanes: number,
): Promise<string[] | undefined> {
  // as many chunks for each lane, of one size: 117 pages in 25s kept one worker on 75 while the other
  // read 50; in six of 20 the two read 60 and 57
  const perLane = Math.ceil(pages / (lanes * CHUNK));
  const size = Math.ceil(pages / (lanes * perLane));
  const chunks = Array.from({ length: Math.ceil(pages / size) }, (_, index) => index * size);
  const texts: string[][] = [];
  let counted = pages;
  const lane = async (first: number) => {
    for (let index = first; index < chunks.length; index += lanes) {
      const from = chunks[index] ?? 0;
      const chunk = await runMupdfTask(
        { kind: 'text-layers', path, from, to: from + size },
        ctx.signal,
        ctx.deadlineAt,
      );
      counted = chunk.pages;
      texts[index] = chunk.layers.map((layer) => characters(layer.text));
    }
  };
  await Promise.all(Array.from({ length: lanes }, (_, first) => lane(first)));
  return counted === pages ? texts.flat() : undefined;
}

/**
 * The characters of every page, in page order. With `pages` (the count the file should have) the
 * pages are read in parallel (`lanes` workers, LANES unless the caller has another engine running
 * beside); a file with a different count is read again page by page, so the
 * answer always has the file's own count.
 */
export async function pageCharacters(
  path: string,
  ctx: Limits,
  pages?: number,
  lanes = LANES,
): Promise<string[]> {
  if (pages !== undefined && pages > CHUNK) {
    const texts = await readInLanes(path, pages, ctx, lanes);
    if (texts) return texts;
  }
  const layers = await readTextLayersInWorker(path, ctx.signal, ctx.deadlineAt);
  return layers.map((page) => characters(page.text));
}

/** True when both have as many pages and each page has the same characters. */
export function sameText(before: readonly string[], after: readonly string[]): boolean {
  return before.length === after.length && before.every((page, index) => page === after[index]);
}

/** The 1-based pages whose characters differ (both have as many pages). */
export function changedPages(before: readonly string[], after: readonly string[]): number[] {
  return before.flatMap((page, index) => (page === after[index] ? [] : [index + 1]));
}
