/**
 * Names this server run so the next one can tell what a dead run left behind. The id is the process
 * id plus its start time (from /proc), because a process id alone is reused by the system: a folder
 * or engine tagged `4242.1234567` belongs to a live run only while process 4242 exists *and* started
 * at tick 1234567.
 */
import { readFileSync } from 'node:fs';

/** The start time of a process in clock ticks since boot (field 22 of /proc/<pid>/stat), if readable. */
function startTicks(pid: number | 'self'): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm (field 2) may hold spaces and parentheses: count the fields after its closing ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

let ownId: string | undefined;

/** This run's id, `<pid>.<start ticks>` (`<pid>.0` where /proc is missing). */
export function thisRunId(): string {
  ownId ??= `${process.pid}.${startTicks('self') ?? '0'}`;
  return ownId;
}

const RUN_ID = /^(\d+)\.(\d+)$/;

export const isRunId = (text: string): boolean => RUN_ID.test(text);

/** Whether the run named by `id` is still going: same process id, same start time. */
export function isRunAlive(id: string): boolean {
  if (id === thisRunId()) return true;
  const match = RUN_ID.exec(id);
  if (!match) return false;
  const pid = Number(match[1]);
  try {
    process.kill(pid, 0);
  } catch {
    // gone, or (EPERM) a process of another user: not a run of ours either way
    return false;
  }
  const ticks = startTicks(pid);
  return ticks === undefined ? match[2] === '0' : ticks === match[2];
}
