/**
 * Tables ruled only by their columns: vertical rules side by side over the same height, with no row
 * rule touching them. Each such set becomes a grid framed by virtual rules across the rules' ends;
 * its rows are then found from the text (records and blank gaps, `ruled-text-grid.ts`, `band-gaps.ts`).
 */
import type { Grid, Segment } from './ruled-text-grid';
import type { TextLine } from './structure.types';

/** Shorter rules are tick marks or underlines, not column rules. */
const MIN_RULE_LENGTH = 24;
/** Rules of one table cover (nearly) the same height. */
const MIN_SHARED_HEIGHT = 0.8;
/** Four rules (three columns) at least: two or three lone rules are a page's frame or a sidebar. */
const MIN_RULES = 4;
/** Neighbouring column rules of a table are closer than this. */
const MAX_COLUMN_WIDTH = 300;

const shared = (a: Segment, b: Segment): number =>
  (Math.min(a.to, b.to) - Math.max(a.from, b.from)) / Math.min(a.to - a.from, b.to - b.from);

/**
 * The table goes on below the rules' ends: the next line down has words in two or more of their
 * columns (rules drawn along part of a longer table, e.g. invisible cell borders, frame nothing).
 */
function tableGoesOn(set: Segment[], bottom: number, lines: TextLine[]): boolean {
  const xs = set.map((v) => v.pos);
  const below = lines
    .filter((l) => l.horizontal && l.box[1] >= bottom - 1)
    .sort((a, b) => a.box[1] - b.box[1]);
  const first = below[0];
  if (!first) return false;
  const height = first.box[3] - first.box[1];
  if (first.box[1] - bottom > height * 1.5) return false;
  // every word on that next printed line, whichever text line MuPDF put it in
  const words = below.filter((l) => l.box[1] <= first.box[1] + height * 0.5).flatMap((l) => l.words);
  // a note below the table runs across the rules' positions; a table's next row keeps to its columns
  if (words.some((w) => xs.some((x) => w.box[0] < x - 1 && w.box[2] > x + 1))) return false;
  const columnOf = (x: number): number => xs.findIndex((left, i) => x >= left && x < (xs[i + 1] ?? left));
  const columns = new Set(words.map((w) => columnOf((w.box[0] + w.box[2]) / 2)));
  columns.delete(-1);
  return columns.size >= 2;
}

/** Grids (virtual top and bottom rule included) of the column rules that share their height. */
export function columnOnlyGrids(lone: Segment[], lines: TextLine[]): Pick<Grid, 'hs' | 'vs'>[] {
  const rules = lone.filter((v) => v.to - v.from >= MIN_RULE_LENGTH).sort((a, b) => a.pos - b.pos);
  const sets: Segment[][] = [];
  for (const rule of rules) {
    const set = sets.find((s) => {
      const last = s[s.length - 1];
      return (
        last &&
        rule.pos - last.pos <= MAX_COLUMN_WIDTH &&
        s.every((v) => shared(v, rule) >= MIN_SHARED_HEIGHT)
      );
    });
    if (set) set.push(rule);
    else sets.push([rule]);
  }
  return sets
    .filter((set) => new Set(set.map((v) => Math.round(v.pos))).size >= MIN_RULES)
    .map((set) => {
      const top = Math.min(...set.map((v) => v.from));
      const bottom = Math.max(...set.map((v) => v.to));
      const from = set[0]?.pos ?? 0;
      const to = set[set.length - 1]?.pos ?? 0;
      if (tableGoesOn(set, bottom, lines)) return null;
      return {
        vs: set.map((v) => ({ ...v, from: top, to: bottom })),
        hs: [
          { pos: top, from, to },
          { pos: bottom, from, to },
        ],
      };
    })
    .filter((grid) => grid !== null);
}
