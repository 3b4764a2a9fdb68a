/**
 * The whole machine's CPU time (all cores, every process) from /proc/stat's first line, so a bench can
 * tell cores left idle (something in the server waits) from cores used by other processes (a loaded
 * machine shares its cores: a bench then gets only part of them, whatever the server does).
 */
import { readFileSync } from 'node:fs';

export interface MachineCpuMs {
  /** idle + iowait, summed over every core. */
  idle: number;
  /** Everything else: user, nice, system, irq, softirq, steal. */
  busy: number;
}

/** CPU ms the machine has spent so far (USER_HZ is 100 on Linux: a tick is 10 ms). */
export function machineCpuMs(): MachineCpuMs {
  const ticks = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    ?.trim()
    .split(/\s+/)
    .slice(1, 9) // user nice system idle iowait irq softirq steal (guest time is already in user)
    .map(Number) ?? [0];
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const all = ticks.reduce((sum, value) => sum + value, 0);
  return { idle: idle * 10, busy: (all - idle) * 10 };
}
