/**
 * What the page pictures mean in the spec's parameters, both ways: the text fields stay the single
 * source of truth (a typed range shows on the pictures, a click writes the field), so the request is
 * exactly what the fields say.
 */
import { formatPageRange, parsePageGroups, parsePageRange } from '@docstudio/core';

/** Rotate: the pages PageRange names (blank and 'all': every page); none while it cannot be read. */
export function pagesInRange(range: string, pageCount: number): Set<number> {
  const parsed = parsePageRange(range, pageCount);
  return new Set(parsed.ok ? parsed.pages : []);
}

/** Rotate: PageRange after clicking `page` (1-based) in or out of `chosen`; '' when no page is left. */
export function togglePage(chosen: ReadonlySet<number>, page: number): string {
  const pages = new Set(chosen);
  if (pages.has(page)) pages.delete(page);
  else pages.add(page);
  return formatPageRange([...pages]);
}

/** Split: how ExtractPages reads on the pictures. */
export type SplitChoice =
  | { kind: 'cuts'; after: Set<number> }
  | { kind: 'picks'; pages: Set<number> }
  | { kind: 'none' };

/**
 * Groups covering every page in order are cuts (a boundary after each group but the last); any other
 * groups are picked pages.
 */
export function readSplitChoice(extractPages: string, pageCount: number): SplitChoice {
  if (extractPages.trim() === '') return { kind: 'none' };
  const parsed = parsePageGroups(extractPages, pageCount);
  if (!parsed.ok) return { kind: 'none' };
  const flat = parsed.groups.flat();
  const covers = flat.length === pageCount && flat.every((page, index) => page === index + 1);
  if (covers) {
    const after = new Set(parsed.groups.slice(0, -1).map((group) => group[group.length - 1] ?? 0));
    return { kind: 'cuts', after };
  }
  return { kind: 'picks', pages: new Set(flat) };
}

/** Split: ExtractPages with one group per part between the cuts ('1-3, 4-5, 6-10'). */
export function cutsToGroups(after: Iterable<number>, pageCount: number): string {
  const cuts = [...new Set(after)].filter((page) => page >= 1 && page < pageCount).sort((a, b) => a - b);
  if (cuts.length === 0) return '';
  const groups: string[] = [];
  let start = 1;
  for (const end of [...cuts, pageCount]) {
    groups.push(start === end ? String(start) : `${start}-${end}`);
    start = end + 1;
  }
  return groups.join(', ');
}

/** Split: ExtractPages after clicking the boundary after `page`; picked pages are dropped. */
export function toggleCut(extractPages: string, pageCount: number, page: number): string {
  const choice = readSplitChoice(extractPages, pageCount);
  const after = choice.kind === 'cuts' ? choice.after : new Set<number>();
  if (after.has(page)) after.delete(page);
  else after.add(page);
  return cutsToGroups(after, pageCount);
}

/**
 * Split: ExtractPages after clicking `page` in or out of the picked pages; boundaries are dropped.
 * Neighbouring picked pages make one file ('2-3, 5'): each group of ExtractPages is one file.
 */
export function togglePick(extractPages: string, pageCount: number, page: number): string {
  const choice = readSplitChoice(extractPages, pageCount);
  const pages = choice.kind === 'picks' ? choice.pages : new Set<number>();
  if (pages.has(page)) pages.delete(page);
  else pages.add(page);
  return formatPageRange([...pages]);
}
