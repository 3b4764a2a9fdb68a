/**
 * The frame a page is read in. A landscape table is often stored sideways (its text runs up or down
 * the displayed page, whether through `/Rotate` or rotated text drawing); measured along the wrong
 * axis its letters look spaced apart and its rows come out reversed. When most of the page's text runs
 * one way, every position is turned so that this text reads left to right, top to bottom: words,
 * tables and reading order are then found exactly as on an upright page.
 */
import type { Box, Ruling } from './structure.types';

/** Clockwise quarter turns applied to page coordinates (0: the page as displayed). */
export type Turn = 0 | 90 | 180 | 270;

type Point = readonly [number, number];

const STRAIGHT = 0.998;

/** The turn that makes text written in direction `dir` (MuPDF's unit vector, y down) run left to right. */
export function turnForDirection(dir: Point): Turn | null {
  const [dx, dy] = dir;
  // within about 3.6 degrees of an axis, as before turning existed; skewed lines stay out of tables
  if (dx > STRAIGHT) return 0;
  if (dy > STRAIGHT) return 90;
  if (dx < -STRAIGHT) return 180;
  if (dy < -STRAIGHT) return 270;
  return null;
}

/** Text runs this share of the page's characters in one turned direction before the page is turned. */
const DOMINANT_SHARE = 0.6;

/** The turn most of the text needs, from characters counted per direction. */
export function dominantTurn(charsPerTurn: ReadonlyMap<Turn, number>): Turn {
  const total = [...charsPerTurn.values()].reduce((a, b) => a + b, 0);
  for (const [turn, count] of charsPerTurn) {
    if (turn !== 0 && total > 0 && count / total >= DOMINANT_SHARE) return turn;
  }
  return 0;
}

export interface ReadingFrame {
  turn: Turn;
  /** Size of the page in the turned frame. */
  width: number;
  height: number;
  point(x: number, y: number): [number, number];
  box(b: Box): Box;
  /** A box of the turned frame back on the page as displayed (to find it in a render). */
  unturnBox(b: Box): Box;
  ruling(r: Ruling): Ruling;
}

/** The frame of a `width` x `height` page (as displayed) turned by `turn`. */
export function readingFrame(turn: Turn, width: number, height: number): ReadingFrame {
  const point = (x: number, y: number): [number, number] => {
    switch (turn) {
      case 90:
        return [y, width - x];
      case 180:
        return [width - x, height - y];
      case 270:
        return [height - y, x];
      default:
        return [x, y];
    }
  };
  const unturn = (x: number, y: number): [number, number] => {
    switch (turn) {
      case 90:
        return [width - y, x];
      case 180:
        return [width - x, height - y];
      case 270:
        return [y, height - x];
      default:
        return [x, y];
    }
  };
  const boxBy =
    (map: (x: number, y: number) => [number, number]) =>
    (b: Box): Box => {
      const [ax, ay] = map(b[0], b[1]);
      const [bx, by] = map(b[2], b[3]);
      return [Math.min(ax, bx), Math.min(ay, by), Math.max(ax, bx), Math.max(ay, by)];
    };
  const box = boxBy(point);
  const ruling = (r: Ruling): Ruling => {
    const [x0, y0, x1, y1] = box([r.x0, r.y0, r.x1, r.y1]);
    return { x0, y0, x1, y1 };
  };
  const swapped = turn === 90 || turn === 270;
  return {
    turn,
    width: swapped ? height : width,
    height: swapped ? width : height,
    point,
    box,
    unturnBox: boxBy(unturn),
    ruling,
  };
}
