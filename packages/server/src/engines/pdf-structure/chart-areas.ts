/**
 * Charts drawn as vectors: their gridlines or tick marks are straight rules like a table's, and their
 * axis labels line up like a table's columns. What gives a chart away is the axis: evenly spaced
 * parallel rules of one length, each with a label centred on its own line just past its end ('0%'
 * under a vertical gridline, '54,000' left of a horizontal tick), the labels a rising or falling
 * scale of numbers, and between the rules a few data labels at most. A table's text sits between
 * its rules, not centred on them, and fills its columns. The chart's area (grown to a frame drawn around it) holds no table.
 */
import type { Box, Ruling, TextLine, TextWord } from './structure.types';

/** An axis has at least this many labelled rules. */
const MIN_AXIS_RULES = 3;
/** A label is centred on its rule's line within this, and starts within `LABEL_REACH` of its end. */
const ON_LINE = 3;
const LABEL_REACH = 16;
/** Evenly spaced: the widest step is at most this times the narrowest. */
const MAX_STEP_RATIO = 1.25;
/** A frame around a chart is at most this far from the chart's area. */
const FRAME_REACH = 80;

interface Rule {
  /** Position across the rule (x of a vertical rule, y of a horizontal one), and its extent along. */
  pos: number;
  from: number;
  to: number;
}

const centre = (b: Box): [number, number] => [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2];

/** Sets of rules sharing one extent (gridlines or ticks of one axis), most in a row first. */
function sameExtent(rules: Rule[]): Rule[][] {
  const sets: Rule[][] = [];
  for (const rule of [...rules].sort((a, b) => a.pos - b.pos)) {
    const set = sets.find(
      (s) => s[0] && Math.abs(s[0].from - rule.from) <= 1 && Math.abs(s[0].to - rule.to) <= 1,
    );
    if (set) {
      if (Math.abs((set[set.length - 1]?.pos ?? 0) - rule.pos) > 1) set.push(rule);
    } else sets.push([rule]);
  }
  return sets.filter((s) => s.length >= MIN_AXIS_RULES);
}

function evenlySpaced(set: Rule[]): boolean {
  const steps = set.slice(1).map((r, i) => r.pos - (set[i]?.pos ?? 0));
  return Math.max(...steps) <= Math.min(...steps) * MAX_STEP_RATIO;
}

/**
 * The labels of an axis whose rules run along `along` ('x' for horizontal rules): for each rule, a
 * word centred on its line beyond one of its ends. Null unless most rules have one.
 */
function axisLabels(set: Rule[], words: TextWord[], vertical: boolean): TextWord[] | null {
  const labels: TextWord[] = [];
  for (const rule of set) {
    const label = words.find((w) => {
      const [cx, cy] = centre(w.box);
      const across = vertical ? cx : cy;
      const [start, end] = vertical ? [w.box[1], w.box[3]] : [w.box[0], w.box[2]];
      const beyond =
        (start >= rule.to - 1 && start - rule.to <= LABEL_REACH) ||
        (end <= rule.from + 1 && rule.from - end <= LABEL_REACH);
      return Math.abs(across - rule.pos) <= ON_LINE && beyond;
    });
    if (label) labels.push(label);
  }
  return labels.length >= MIN_AXIS_RULES && labels.length * 2 >= set.length && isScale(labels)
    ? labels
    : null;
}

const SCALE_VALUE = /^[-+]?[$€£]?\d[\d,]*(\.\d+)?%?$/;

/**
 * An axis's labels are a scale: numbers rising or falling steadily along it ('0%', '10%', ...;
 * '1997', '1999', ...). Headings centred over two sub-columns ('2005', '2010', '2005', '2010') are not.
 */
function isScale(labels: TextWord[]): boolean {
  if (!labels.every((w) => SCALE_VALUE.test(w.text))) return false;
  const values = labels.map((w) => Number(w.text.replace(/[^\d.+-]/g, '')));
  const steps = values.slice(1).map((v, i) => v - (values[i] ?? 0));
  return steps.every((d) => d > 0) || steps.every((d) => d < 0);
}

/** Words between the rules: a chart's plot holds a few data labels, a table's columns hold its rows. */
const MAX_WORDS_PER_GAP = 2;

function fullCells(set: Rule[], words: TextWord[], vertical: boolean): boolean {
  const first = set[0] as Rule;
  const last = set[set.length - 1] as Rule;
  const inside = words.filter((w) => {
    const [cx, cy] = centre(w.box);
    const [across, along] = vertical ? [cx, cy] : [cy, cx];
    return across > first.pos && across < last.pos && along > first.from && along < first.to;
  });
  return inside.length > (set.length - 1) * MAX_WORDS_PER_GAP;
}

const boxOf = (boxes: Box[]): Box => [
  Math.min(...boxes.map((b) => b[0])),
  Math.min(...boxes.map((b) => b[1])),
  Math.max(...boxes.map((b) => b[2])),
  Math.max(...boxes.map((b) => b[3])),
];

/** The chart's area grown to a frame of rules drawn around it (a boxed figure), when there is one. */
function withFrame(area: Box, rulings: Ruling[]): Box {
  const hs = rulings.filter((r) => r.y0 === r.y1 && r.x0 <= area[0] + 1 && r.x1 >= area[2] - 1);
  const vs = rulings.filter((r) => r.x0 === r.x1 && r.y0 <= area[1] + 1 && r.y1 >= area[3] - 1);
  const top = hs
    .filter((r) => r.y0 <= area[1] && area[1] - r.y0 <= FRAME_REACH)
    .sort((a, b) => b.y0 - a.y0)[0];
  const bottom = hs
    .filter((r) => r.y0 >= area[3] && r.y0 - area[3] <= FRAME_REACH)
    .sort((a, b) => a.y0 - b.y0)[0];
  const left = vs
    .filter((r) => r.x0 <= area[0] && area[0] - r.x0 <= FRAME_REACH)
    .sort((a, b) => b.x0 - a.x0)[0];
  const right = vs
    .filter((r) => r.x0 >= area[2] && r.x0 - area[2] <= FRAME_REACH)
    .sort((a, b) => a.x0 - b.x0)[0];
  if (!top || !bottom || !left || !right) return area;
  return [left.x0, top.y0, right.x0, bottom.y0];
}

/** The areas of the page's vector charts (axes found from labelled, evenly spaced rules). */
export function chartAreas(rulings: Ruling[], lines: TextLine[]): Box[] {
  const words = lines.filter((l) => l.horizontal).flatMap((l) => l.words);
  const axes: Box[] = [];
  const verticals = rulings.filter((r) => r.x0 === r.x1).map((r) => ({ pos: r.x0, from: r.y0, to: r.y1 }));
  const horizontals = rulings.filter((r) => r.y0 === r.y1).map((r) => ({ pos: r.y0, from: r.x0, to: r.x1 }));
  for (const [rules, vertical] of [
    [verticals, true],
    [horizontals, false],
  ] as const) {
    for (const set of sameExtent(rules)) {
      if (!evenlySpaced(set)) continue;
      const labels = axisLabels(set, words, vertical);
      if (!labels) continue;
      const first = set[0] as Rule;
      const last = set[set.length - 1] as Rule;
      if (fullCells(set, words, vertical)) continue;
      const ruleBox: Box = vertical
        ? [first.pos, first.from, last.pos, first.to]
        : [first.from, first.pos, first.to, last.pos];
      axes.push(boxOf([ruleBox, ...labels.map((w) => w.box)]));
    }
  }
  if (axes.length === 0) return [];
  // axes of one chart touch or overlap (an x axis under the plot, a y axis beside it): one area
  const areas: Box[] = [];
  for (const axis of axes) {
    const i = areas.findIndex(
      (a) =>
        a[0] <= axis[2] + LABEL_REACH &&
        axis[0] <= a[2] + LABEL_REACH &&
        a[1] <= axis[3] + LABEL_REACH &&
        axis[1] <= a[3] + LABEL_REACH,
    );
    if (i >= 0) areas[i] = boxOf([areas[i] as Box, axis]);
    else areas.push(axis);
  }
  return areas.map((area) => withFrame(area, rulings));
}

/** Inside one of `areas` (by its centre). */
export const inChart = (areas: Box[], box: Box): boolean => {
  const [cx, cy] = centre(box);
  return areas.some((a) => cx >= a[0] - 1 && cx <= a[2] + 1 && cy >= a[1] - 1 && cy <= a[3] + 1);
};
