/**
 * CPU time of a process and of the processes under it, from /proc: how many cores the server and its
 * engines keep busy (the Office bench), and when a server has settled after its start (small jobs).
 */
import { readFileSync } from 'node:fs';
import { descendantsOf } from '../packages/server/src/testing/process-tree';

/** CPU ms a process used so far: its own (/proc stat 14-15), plus its reaped children's (16-17). */
export function processCpuMs(pid: number, withReaped: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const own = (fields[11] ?? 0) + (fields[12] ?? 0);
    return (withReaped ? own + (fields[13] ?? 0) + (fields[14] ?? 0) : own) * 10; // 100 ticks a second
  } catch {
    return 0; // ended while we looked: its time is in its parent's reaped-children fields
  }
}

/** CPU ms used so far by a process and its descendants, reaped children included. */
export const treeCpuMs = (pid: number): number =>
  [pid, ...descendantsOf(pid).map((child) => child.pid)].reduce((sum, id) => sum + processCpuMs(id, true), 0);

/**
 * Waits until the process tree has used under 2 % of a core for a whole second (its start-up
 * warm-ups done), at most `limitMs`; returns how long that took.
 */
export async function settled(pid: number, limitMs = 60_000): Promise<number> {
  const started = performance.now();
  let before = treeCpuMs(pid);
  while (performance.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const now = treeCpuMs(pid);
    if (now - before < 20) break;
    before = now;
  }
  return performance.now() - started;
}
