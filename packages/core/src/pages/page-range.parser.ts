/**
 * Page selections as users type them: '1-5, 8, 10-12', 'all' or nothing (all pages). Pure and total:
 * any input gives a result, never an exception.
 */

export type PageRangeResult = { ok: true; pages: number[]; all: boolean } | { ok: false; error: string };
export type PageGroupsResult = { ok: true; groups: number[][] } | { ok: false; error: string };

/**
 * Without a page count a range is expanded in memory, so the highest page is capped. 100,000 is far
 * above any real document yet keeps '1-999999999' from allocating gigabytes.
 */
export const MAX_PAGE_NUMBER = 100_000;

export const PAGE_RANGE_EXAMPLE = '1-5, 8, 10-12';

const NOT_TEXT = 'The page range must be text.';

interface Span {
  from: number;
  to: number;
  text: string;
}

type SpansResult = { ok: true; spans: Span[] } | { ok: false; error: string };

const DASHES = /[\u2010-\u2015\u2212]/g;
const SINGLE = /^(\d+)$/;
const RANGE = /^(\d+)\s*-\s*(\d+)$/;

function readSpans(text: string, pageCount: number | undefined): SpansResult {
  // People paste en dashes from documents and type spaces around commas.
  const items = text
    .replace(DASHES, '-')
    .split(/[,;]/)
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 0)
    return { ok: false, error: `Enter page numbers or ranges, for example ${PAGE_RANGE_EXAMPLE}.` };
  const spans: Span[] = [];
  for (const item of items) {
    const single = SINGLE.exec(item);
    const range = RANGE.exec(item);
    if (!single && !range) {
      return { ok: false, error: `'${shorten(item)}' is not a page number or a range like 1-5.` };
    }
    const from = Number(single ? single[1] : range?.[1]);
    const to = Number(single ? single[1] : range?.[2]);
    if (from === 0 || to === 0) return { ok: false, error: 'Page numbers start at 1.' };
    if (from > to) return { ok: false, error: `The range ${from}-${to} is reversed: write ${to}-${from}.` };
    if (pageCount === undefined) {
      if (to > MAX_PAGE_NUMBER)
        return { ok: false, error: `Page numbers above ${MAX_PAGE_NUMBER} are not supported.` };
    } else if (from > pageCount) {
      const what = from === to ? `Page ${from}` : `The range ${from}-${to}`;
      return { ok: false, error: `${what} is past the end: the document has ${plural(pageCount)}.` };
    }
    // A range running past the end is clamped: rotate's default 1-99 must work on a 3-page PDF.
    spans.push({ from, to: pageCount === undefined ? to : Math.min(to, pageCount), text: item });
  }
  return { ok: true, spans };
}

function shorten(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

function plural(count: number): string {
  return count === 1 ? '1 page' : `${count} pages`;
}

function checkPageCount(pageCount: number | undefined): string | undefined {
  if (pageCount === undefined) return undefined;
  if (!Number.isInteger(pageCount) || pageCount < 0) return 'The page count must be a whole number.';
  if (pageCount === 0) return 'The document has no pages.';
  if (pageCount > MAX_PAGE_NUMBER)
    return `Documents of more than ${MAX_PAGE_NUMBER} pages are not supported.`;
  return undefined;
}

function expand(span: Span): number[] {
  const pages: number[] = [];
  for (let page = span.from; page <= span.to; page++) pages.push(page);
  return pages;
}

function isAll(text: string): boolean {
  const trimmed = text.trim().toLowerCase();
  return trimmed === '' || trimmed === 'all';
}

/**
 * Parses a page selection into 1-based, ascending, unique page numbers. Blank and 'all' mean every
 * page (`all: true`; `pages` lists them when the page count is known, else it is empty). With a
 * page count, ranges are clamped to it and pages that start past it are an error.
 */
export function parsePageRange(text: string, pageCount?: number): PageRangeResult {
  if (typeof text !== 'string') return { ok: false, error: NOT_TEXT };
  const countProblem = checkPageCount(pageCount);
  if (countProblem) return { ok: false, error: countProblem };
  if (isAll(text)) {
    return {
      ok: true,
      all: true,
      pages: pageCount === undefined ? [] : expand({ from: 1, to: pageCount, text }),
    };
  }
  const read = readSpans(text, pageCount);
  if (!read.ok) return read;
  const unique = new Set<number>();
  for (const span of read.spans) for (const page of expand(span)) unique.add(page);
  return { ok: true, all: false, pages: [...unique].sort((a, b) => a - b) };
}

/**
 * Parses split's ExtractPages: each comma-separated item is one group (one output file), kept in the
 * order typed: '1-3, 5' gives [[1, 2, 3], [5]]. Blank and 'all' are errors: extracting needs pages.
 */
export function parsePageGroups(text: string, pageCount?: number): PageGroupsResult {
  if (typeof text !== 'string') return { ok: false, error: NOT_TEXT };
  const countProblem = checkPageCount(pageCount);
  if (countProblem) return { ok: false, error: countProblem };
  if (isAll(text)) return { ok: false, error: pageSelectionError(text, 'groups') ?? '' };
  const read = readSpans(text, pageCount);
  if (!read.ok) return read;
  return { ok: true, groups: read.spans.map(expand) };
}

/**
 * Checks a page selection's syntax without expanding it (cheap on a server, whatever the numbers):
 * undefined when valid, else the same message the parsers give.
 */
export function pageSelectionError(text: string, kind: 'range' | 'groups' = 'range'): string | undefined {
  if (typeof text !== 'string') return NOT_TEXT;
  if (isAll(text)) return kind === 'range' ? undefined : 'Enter the pages to extract, for example 1-3, 5.';
  const read = readSpans(text, undefined);
  return read.ok ? undefined : read.error;
}

/** Writes pages back compactly: [1, 2, 3, 5] gives '1-3, 5'. */
export function formatPageRange(pages: readonly number[]): string {
  const sorted = [...new Set(pages.filter((page) => Number.isInteger(page) && page > 0))].sort(
    (a, b) => a - b,
  );
  const parts: string[] = [];
  let start = sorted[0];
  let previous = start;
  for (const page of [...sorted.slice(1), Number.NaN]) {
    if (start === undefined || previous === undefined) break;
    if (page === previous + 1) {
      previous = page;
      continue;
    }
    parts.push(start === previous ? String(start) : `${start}-${previous}`);
    start = page;
    previous = page;
  }
  return parts.join(', ');
}
