/**
 * Collects the page's ruling lines by running it through a tracing MuPDF device: stroked straight
 * segments and thin filled rectangles (how most producers draw table borders), transformed into page
 * space. Filled boxes that are not thin are cell shading, not borders, and are ignored.
 */
import type * as Mupdf from 'mupdf';
import type { Ruling } from './structure.types';

/** Wider than this a filled rectangle is an area, not a line. */
const MAX_LINE_THICKNESS = 3;
const MIN_LINE_LENGTH = 4;
/** A page drawn from tens of thousands of paths is art, not a table; stop collecting. */
const MAX_RULINGS = 20_000;

type Point = [number, number];

const apply = (m: readonly number[], x: number, y: number): Point => [
  (m[0] ?? 1) * x + (m[2] ?? 0) * y + (m[4] ?? 0),
  (m[1] ?? 0) * x + (m[3] ?? 1) * y + (m[5] ?? 0),
];

function subpaths(path: Mupdf.Path, ctm: readonly number[]): { points: Point[]; curved: boolean }[] {
  const result: { points: Point[]; curved: boolean }[] = [];
  let current: { points: Point[]; curved: boolean } | undefined;
  path.walk({
    moveTo(x, y) {
      current = { points: [apply(ctm, x, y)], curved: false };
      result.push(current);
    },
    lineTo(x, y) {
      current?.points.push(apply(ctm, x, y));
    },
    curveTo(_x1, _y1, _x2, _y2, x3, y3) {
      if (current) {
        current.curved = true;
        current.points.push(apply(ctm, x3, y3));
      }
    },
    closePath() {
      const first = current?.points[0];
      if (current && first) current.points.push(first);
    },
  });
  return result;
}

function segmentRuling(a: Point, b: Point): Ruling | null {
  const dx = Math.abs(a[0] - b[0]);
  const dy = Math.abs(a[1] - b[1]);
  if (dy <= 0.5 && dx >= MIN_LINE_LENGTH) {
    const y = (a[1] + b[1]) / 2;
    return { x0: Math.min(a[0], b[0]), y0: y, x1: Math.max(a[0], b[0]), y1: y };
  }
  if (dx <= 0.5 && dy >= MIN_LINE_LENGTH) {
    const x = (a[0] + b[0]) / 2;
    return { x0: x, y0: Math.min(a[1], b[1]), x1: x, y1: Math.max(a[1], b[1]) };
  }
  return null;
}

function thinRectRuling(points: Point[]): Ruling | null {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const x1 = Math.max(...xs);
  const y0 = Math.min(...ys);
  const y1 = Math.max(...ys);
  const w = x1 - x0;
  const h = y1 - y0;
  if (h <= MAX_LINE_THICKNESS && w >= MIN_LINE_LENGTH)
    return { x0, y0: (y0 + y1) / 2, x1, y1: (y0 + y1) / 2 };
  if (w <= MAX_LINE_THICKNESS && h >= MIN_LINE_LENGTH)
    return { x0: (x0 + x1) / 2, y0, x1: (x0 + x1) / 2, y1 };
  return null;
}

/**
 * The rulings one drawn path consists of, or null when any part of it is not a straight horizontal or
 * vertical line (curves, diagonals, filled areas): such a path is art, not a rule.
 */
export function pathRulings(path: Mupdf.Path, ctm: readonly number[], stroked: boolean): Ruling[] | null {
  const found: Ruling[] = [];
  for (const sub of subpaths(path, ctm)) {
    if (sub.curved) return null;
    if (!stroked) {
      const rule = thinRectRuling(sub.points);
      if (!rule) return null;
      found.push(rule);
      continue;
    }
    for (let i = 1; i < sub.points.length; i++) {
      const a = sub.points[i - 1];
      const b = sub.points[i];
      if (!a || !b || (Math.abs(a[0] - b[0]) <= 0.5 && Math.abs(a[1] - b[1]) <= 0.5)) continue;
      const rule = segmentRuling(a, b);
      if (!rule) return null;
      found.push(rule);
    }
  }
  return found.length > 0 ? found : null;
}

/** Every horizontal and vertical ruling drawn on the page (page space, y down). */
export function readRulings(mupdf: typeof Mupdf, page: Mupdf.Page): Ruling[] {
  const rulings: Ruling[] = [];
  const push = (r: Ruling | null): void => {
    if (r && rulings.length < MAX_RULINGS) rulings.push(r);
  };
  const device = new mupdf.Device({
    fillPath(path, _evenOdd, ctm) {
      if (rulings.length >= MAX_RULINGS) return;
      for (const sub of subpaths(path, ctm)) if (!sub.curved) push(thinRectRuling(sub.points));
    },
    strokePath(path, _stroke, ctm) {
      if (rulings.length >= MAX_RULINGS) return;
      for (const sub of subpaths(path, ctm)) {
        if (sub.curved) continue;
        for (let i = 1; i < sub.points.length; i++) {
          const a = sub.points[i - 1];
          const b = sub.points[i];
          if (a && b) push(segmentRuling(a, b));
        }
      }
    },
  });
  try {
    page.run(device, mupdf.Matrix.identity);
  } finally {
    device.close();
    device.destroy();
  }
  return rulings;
}
