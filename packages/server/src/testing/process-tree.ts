/**
 * Reads the process table from /proc, for fault tests: which engine processes run, and whether any
 * outlived the job or the server that started them. Linux only, as the server's engines are.
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export interface ProcessInfo {
  pid: number;
  ppid: number;
  /** The process group: engines run in their own group, led by the process the server spawned. */
  pgid: number;
  /** R, S, D, Z (zombie: exited, not yet reaped) ... */
  state: string;
  comm: string;
  cmdline: string;
}

function readProcess(pid: number): ProcessInfo | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm is in parentheses and may itself contain spaces or parentheses: split after the last ')'.
    const close = stat.lastIndexOf(')');
    const comm = stat.slice(stat.indexOf('(') + 1, close);
    const [state = '', ppid = '0', pgid = '0'] = stat.slice(close + 2).split(' ');
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
    return { pid, ppid: Number(ppid), pgid: Number(pgid), state, comm, cmdline };
  } catch {
    return undefined; // exited while we looked
  }
}

/** Every process visible now. */
export function listProcesses(): ProcessInfo[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => readProcess(Number(name)))
    .filter((info): info is ProcessInfo => info !== undefined);
}

/** Running processes (zombies excluded) whose command line contains `text`. */
export function processesWith(text: string): ProcessInfo[] {
  return listProcesses().filter((p) => p.state !== 'Z' && p.cmdline.includes(text));
}

/** The descendants of `root` (children, grandchildren ...), zombies excluded. */
export function descendantsOf(root: number = process.pid): ProcessInfo[] {
  const all = listProcesses();
  const found: ProcessInfo[] = [];
  const parents = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (!parents.has(p.pid) && parents.has(p.ppid)) {
        parents.add(p.pid);
        if (p.state !== 'Z') found.push(p);
        grew = true;
      }
    }
  }
  return found;
}

/** Which of these pids still run (zombies count as gone). */
export function stillRunning(pids: readonly number[]): ProcessInfo[] {
  return pids
    .map((pid) => readProcess(pid))
    .filter((p): p is ProcessInfo => p !== undefined && p.state !== 'Z');
}

/**
 * The paths of the Unix sockets process `pid` has open (its net/unix table, its fds' inodes), once
 * each; none once it has exited.
 */
export function unixSocketPathsOf(pid: number): string[] {
  try {
    const inodes = new Set(
      readdirSync(`/proc/${pid}/fd`).map((fd) => {
        try {
          return /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
        } catch {
          return undefined; // closed meanwhile
        }
      }),
    );
    // its own network namespace's table (an engine may run in one of its own: unshare -n)
    const fields = readFileSync(`/proc/${pid}/net/unix`, 'utf8')
      .split('\n')
      .map((line) => line.trim().split(/\s+/));
    // a pipe's connections carry its path too
    return [...new Set(fields.filter((f) => f.length >= 8 && inodes.has(f[6])).map((f) => f[7] ?? ''))];
  } catch {
    return []; // exited
  }
}
