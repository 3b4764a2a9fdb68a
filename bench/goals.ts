/**
 * The goals the benches measure against (issue targets: ratios against a baseline run side by side),
 * collected while the benches run and printed together at the end of `npm run bench`, so one run
 * shows every figure next to its goal. A bench calls `reportGoal` once per figure it owns; each bench
 * file runs in its own process (run.ts), which hands its goals to the runner through a file.
 */
import { readFile, writeFile } from 'node:fs/promises';

export interface Goal {
  /** What was measured, e.g. "HTML to PDF: warm ÷ cold CLI". */
  name: string;
  value: number;
  /** The figure must be at most / at least this to meet the goal. */
  atMost?: number;
  atLeast?: number;
  /** How to print the value (default two decimals). */
  digits?: number;
}

const goals: Goal[] = [];

export function reportGoal(goal: Goal): void {
  goals.push(goal);
}

export function goalMet(goal: Goal): boolean {
  if (!Number.isFinite(goal.value)) return false;
  if (goal.atMost !== undefined && goal.value > goal.atMost) return false;
  if (goal.atLeast !== undefined && goal.value < goal.atLeast) return false;
  return true;
}

/** Writes the goals this process reported to `path`, for the runner. */
export async function writeGoals(path: string): Promise<void> {
  await writeFile(path, JSON.stringify(goals));
}

/** The goals the bench processes wrote, in the order of `paths` (a bench without goals wrote []). */
export async function readGoals(paths: readonly string[]): Promise<Goal[]> {
  const lists = await Promise.all(
    paths.map(async (path) => JSON.parse(await readFile(path, 'utf8')) as Goal[]),
  );
  return lists.flat();
}

/** The table printed after the last bench: one line per figure, its goal, and met or not. */
export function goalTable(shown: readonly Goal[] = goals): string {
  if (shown.length === 0) return '';
  const width = Math.max(...shown.map((goal) => goal.name.length));
  const lines = shown.map((goal) => {
    const value = goal.value.toFixed(goal.digits ?? 2);
    const target = [
      goal.atMost === undefined ? '' : `≤ ${goal.atMost}`,
      goal.atLeast === undefined ? '' : `≥ ${goal.atLeast}`,
    ]
      .filter(Boolean)
      .join(' and ');
    return `${goal.name.padEnd(width)}  ${value.padStart(8)}  goal ${target.padEnd(8)}  ${goalMet(goal) ? 'met' : 'NOT met'}`;
  });
  return ['=== goals ===', ...lines].join('\n');
}
