import { describe, expect, it } from 'vitest';
import {
  cutsToGroups,
  pagesInRange,
  readSplitChoice,
  toggleCut,
  togglePage,
  togglePick,
} from './page.choices';

describe('rotate: PageRange and the pictures', () => {
  it('reads blank, all, lists and the default 1-99 against the page count', () => {
    expect([...pagesInRange('', 3)]).toEqual([1, 2, 3]);
    expect([...pagesInRange('all', 3)]).toEqual([1, 2, 3]);
    expect([...pagesInRange('1-99', 4)]).toEqual([1, 2, 3, 4]);
    expect([...pagesInRange('4, 2', 4)]).toEqual([2, 4]);
    expect([...pagesInRange('9', 4)]).toEqual([]);
  });

  it('a click adds or removes one page and writes the range compactly', () => {
    expect(togglePage(new Set([1, 2, 3, 4]), 3)).toBe('1-2, 4');
    expect(togglePage(new Set([2]), 4)).toBe('2, 4');
    expect(togglePage(new Set([2]), 2)).toBe('');
  });
});

describe('split: ExtractPages and the pictures', () => {
  it('groups covering every page in order are cuts; anything else is picked pages', () => {
    expect(readSplitChoice('1, 2-3, 4', 4)).toEqual({ kind: 'cuts', after: new Set([1, 3]) });
    expect(readSplitChoice('1-4', 4)).toEqual({ kind: 'cuts', after: new Set() });
    expect(readSplitChoice('2, 4', 4)).toEqual({ kind: 'picks', pages: new Set([2, 4]) });
    expect(readSplitChoice('3-4, 1-2', 4)).toEqual({ kind: 'picks', pages: new Set([3, 4, 1, 2]) });
    expect(readSplitChoice('', 4)).toEqual({ kind: 'none' });
    expect(readSplitChoice('x', 4)).toEqual({ kind: 'none' });
  });

  it('two cuts make three groups covering the document', () => {
    expect(cutsToGroups([3, 1], 4)).toBe('1, 2-3, 4');
    expect(cutsToGroups([5], 10)).toBe('1-5, 6-10');
    expect(cutsToGroups([], 10)).toBe('');
    // A cut after the last page is no cut.
    expect(cutsToGroups([10], 10)).toBe('');
  });

  it('a boundary click toggles one cut and drops picked pages', () => {
    expect(toggleCut('', 4, 2)).toBe('1-2, 3-4');
    expect(toggleCut('1-2, 3-4', 4, 2)).toBe('');
    expect(toggleCut('1-2, 3-4', 4, 3)).toBe('1-2, 3, 4');
    expect(toggleCut('2, 4', 4, 1)).toBe('1, 2-4');
  });

  it('a page click toggles one picked page and drops cuts; neighbours make one file', () => {
    expect(togglePick('', 10, 5)).toBe('5');
    expect(togglePick('5', 10, 6)).toBe('5-6');
    expect(togglePick('5-6', 10, 5)).toBe('6');
    expect(togglePick('1-5, 6-10', 10, 2)).toBe('2');
  });
});
