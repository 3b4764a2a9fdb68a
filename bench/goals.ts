/**
 * The goals the benches measure against (issue targets: ratios against a baseline run side by side),
 * collected while the benches run and printed together at the end of `npm run bench`, so one run
 * shows every figure next to its goal. A bench calls `reportGoal` once per figure it owns.
 */
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

/** The table printed after the last bench: one line per figure, its goal, and met or not. */
export function goalTable(): string {
  if (goals.length === 0) return '';
  const width = Math.max(...goals.map((goal) => goal.name.length));
  const lines = goals.map((goal) => {
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
