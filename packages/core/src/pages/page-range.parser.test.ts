import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatPageRange,
  MAX_PAGE_NUMBER,
  pageSelectionError,
  parsePageGroups,
  parsePageRange,
} from './index';

describe('parsePageRange', () => {
  it('reads the spec example into ascending unique pages', () => {
    expect(parsePageRange('1-5, 8, 10-12')).toEqual({
      ok: true,
      all: false,
      pages: [1, 2, 3, 4, 5, 8, 10, 11, 12],
    });
    expect(parsePageRange('5,1,3,3,2-4')).toEqual({ ok: true, all: false, pages: [1, 2, 3, 4, 5] });
    expect(parsePageRange('1,3,5')).toEqual({ ok: true, all: false, pages: [1, 3, 5] });
  });

  it('treats blank and all as every page', () => {
    expect(parsePageRange('')).toEqual({ ok: true, all: true, pages: [] });
    expect(parsePageRange('   ')).toEqual({ ok: true, all: true, pages: [] });
    expect(parsePageRange(' ALL ', 3)).toEqual({ ok: true, all: true, pages: [1, 2, 3] });
  });

  it("clamps rotate's default 1-99 to a 3-page document", () => {
    expect(parsePageRange('1-99', 3)).toEqual({ ok: true, all: false, pages: [1, 2, 3] });
    expect(parsePageRange('2-99, 1', 4)).toEqual({ ok: true, all: false, pages: [1, 2, 3, 4] });
  });

  it('refuses pages that start past the end of a known document', () => {
    expect(parsePageRange('8', 3)).toEqual({
      ok: false,
      error: 'Page 8 is past the end: the document has 3 pages.',
    });
    expect(parsePageRange('2-5', 1)).toEqual({
      ok: false,
      error: 'The range 2-5 is past the end: the document has 1 page.',
    });
  });

  it('explains reversed ranges, zero, negatives and garbage', () => {
    expect(parsePageRange('5-3')).toEqual({ ok: false, error: 'The range 5-3 is reversed: write 3-5.' });
    expect(parsePageRange('0')).toEqual({ ok: false, error: 'Page numbers start at 1.' });
    expect(parsePageRange('0-4')).toEqual({ ok: false, error: 'Page numbers start at 1.' });
    expect(parsePageRange('-3')).toEqual({
      ok: false,
      error: "'-3' is not a page number or a range like 1-5.",
    });
    expect(parsePageRange('1-')).toEqual({
      ok: false,
      error: "'1-' is not a page number or a range like 1-5.",
    });
    expect(parsePageRange('one, two')).toEqual({
      ok: false,
      error: "'one' is not a page number or a range like 1-5.",
    });
    expect(parsePageRange('1.5')).toMatchObject({ ok: false });
    expect(parsePageRange(',')).toEqual({
      ok: false,
      error: 'Enter page numbers or ranges, for example 1-5, 8, 10-12.',
    });
    const long = parsePageRange('x'.repeat(500));
    expect(long.ok === false && long.error.length).toBeLessThan(80);
  });

  it('accepts en dashes, semicolons and stray commas people type', () => {
    expect(parsePageRange('1–3; 5,')).toEqual({ ok: true, all: false, pages: [1, 2, 3, 5] });
  });

  it('caps huge numbers instead of allocating them', () => {
    expect(parsePageRange(`1-${MAX_PAGE_NUMBER + 1}`)).toEqual({
      ok: false,
      error: `Page numbers above ${MAX_PAGE_NUMBER} are not supported.`,
    });
    expect(parsePageRange('9'.repeat(400))).toMatchObject({ ok: false });
    expect(parsePageRange('1-999999999', 2)).toEqual({ ok: true, all: false, pages: [1, 2] });
  });

  it('refuses a page count that is not a whole positive number, and non-text input', () => {
    expect(parsePageRange('1', 0)).toEqual({ ok: false, error: 'The document has no pages.' });
    expect(parsePageRange('1', -2)).toMatchObject({ ok: false });
    expect(parsePageRange('1', Number.NaN)).toMatchObject({ ok: false });
    expect(parsePageRange('1', 2.5)).toMatchObject({ ok: false });
    expect(parsePageRange(undefined as unknown as string)).toEqual({
      ok: false,
      error: 'The page range must be text.',
    });
  });

  it('round-trips any set of pages through formatPageRange (property)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 60 }),
        (pages) => {
          const parsed = parsePageRange(formatPageRange(pages));
          expect(parsed).toEqual({ ok: true, all: false, pages: [...pages].sort((a, b) => a - b) });
        },
      ),
    );
  });

  it('gives sorted unique pages within the document for any valid ranges (property)', () => {
    const item = fc.oneof(
      fc.integer({ min: 1, max: 300 }).map(String),
      fc
        .tuple(fc.integer({ min: 1, max: 300 }), fc.integer({ min: 0, max: 300 }))
        .map(([from, length]) => `${from} - ${from + length}`),
    );
    fc.assert(
      fc.property(
        fc.array(item, { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 400 }),
        (items, count) => {
          const parsed = parsePageRange(items.join(', '), count);
          const starts = items.map((text) => Number(text.split('-')[0]));
          if (starts.some((start) => start > count)) {
            expect(parsed.ok).toBe(false);
            return;
          }
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(parsed.pages).toEqual([...new Set(parsed.pages)].sort((a, b) => a - b));
          expect(parsed.pages.every((page) => page >= 1 && page <= count)).toBe(true);
          for (const start of starts) expect(parsed.pages).toContain(start);
        },
      ),
    );
  });

  it('never throws and always says ok or gives an error text, whatever is typed (property)', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 40 }),
        fc.option(fc.integer({ min: -5, max: 50 }), { nil: undefined }),
        (text, count) => {
          const parsed = parsePageRange(text, count);
          if (parsed.ok) expect(Array.isArray(parsed.pages)).toBe(true);
          else expect(parsed.error.length).toBeGreaterThan(0);
          // The cheap syntax check agrees with the parser whenever no page count is involved.
          if (count === undefined) expect(pageSelectionError(text) === undefined).toBe(parsed.ok);
        },
      ),
    );
  });
});

describe('parsePageGroups (split ExtractPages)', () => {
  it('keeps each item as a group, in the order typed', () => {
    expect(parsePageGroups('1-3,5')).toEqual({ ok: true, groups: [[1, 2, 3], [5]] });
    expect(parsePageGroups('7, 2-3')).toEqual({ ok: true, groups: [[7], [2, 3]] });
  });
  it('clamps to the document and refuses blank, all and bad items', () => {
    expect(parsePageGroups('2-10', 4)).toEqual({ ok: true, groups: [[2, 3, 4]] });
    expect(parsePageGroups('')).toEqual({
      ok: false,
      error: 'Enter the pages to extract, for example 1-3, 5.',
    });
    expect(parsePageGroups('all')).toMatchObject({ ok: false });
    expect(parsePageGroups('3-1')).toEqual({ ok: false, error: 'The range 3-1 is reversed: write 1-3.' });
    expect(parsePageGroups('6', 5)).toMatchObject({ ok: false });
    expect(pageSelectionError('', 'groups')).toBe('Enter the pages to extract, for example 1-3, 5.');
    expect(pageSelectionError('', 'range')).toBeUndefined();
  });
});

describe('formatPageRange', () => {
  it('writes pages compactly', () => {
    expect(formatPageRange([5, 1, 2, 3, 3, 9, 10])).toBe('1-3, 5, 9-10');
    expect(formatPageRange([])).toBe('');
    expect(formatPageRange([0, -1, 2.5, 4])).toBe('4');
  });
});
