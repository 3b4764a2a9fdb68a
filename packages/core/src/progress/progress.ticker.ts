/**
 * The simulated progress of a tool page (spec part 1 section 4, part 2 section 9): from 0 it rises by
 * `step` every `intervalMs`, holds at `cap` (90) while the request runs, and jumps to 100 on completion.
 * Framework-free; timers are injectable so tests and non-browser hosts control time.
 */
import type { ProgressCadence } from '../catalogue/catalogue.types';

export interface ProgressTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

export type ProgressState = 'idle' | 'running' | 'held' | 'stopped' | 'complete';

export interface ProgressTicker {
  /** Restarts from 0 and ticks. */
  start(): void;
  /** Stops ticking and keeps the value (a failed request). */
  stop(): void;
  /** Stops ticking and jumps to 100 (the answer arrived). */
  complete(): void;
  /** Stops ticking and goes back to 0 without notifying twice. */
  reset(): void;
  readonly value: number;
  readonly state: ProgressState;
}

const defaultTimers: ProgressTimers = {
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof globalThis.setInterval>),
};

/** Thrown for a cadence that could never move (step or interval not positive, cap outside 0-100). */
export class InvalidProgressCadenceError extends RangeError {
  override readonly name = 'InvalidProgressCadenceError';
}

function checkCadence({ step, intervalMs, cap }: ProgressCadence): void {
  if (!(Number.isFinite(step) && step > 0))
    throw new InvalidProgressCadenceError(`Progress step must be above 0, got ${step}`);
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) {
    throw new InvalidProgressCadenceError(`Progress interval must be above 0 ms, got ${intervalMs}`);
  }
  if (!(Number.isFinite(cap) && cap >= 0 && cap <= 100)) {
    throw new InvalidProgressCadenceError(`Progress cap must be between 0 and 100, got ${cap}`);
  }
}

export function createProgressTicker(
  cadence: ProgressCadence,
  onChange: (value: number) => void,
  timers: ProgressTimers = defaultTimers,
): ProgressTicker {
  checkCadence(cadence);
  let value = 0;
  let state: ProgressState = 'idle';
  let handle: unknown;
  let ticking = false;

  const set = (next: number) => {
    if (next === value) return;
    value = next;
    onChange(value);
  };

  const clear = () => {
    if (!ticking) return;
    timers.clearInterval(handle);
    ticking = false;
    handle = undefined;
  };

  const tick = () => {
    const next = Math.min(cadence.cap, value + cadence.step);
    set(next);
    // Nothing moves while held at the cap, so the timer is released.
    if (next >= cadence.cap) {
      clear();
      state = 'held';
    }
  };

  return {
    start() {
      clear();
      value = 0;
      state = 'running';
      onChange(0);
      if (cadence.cap <= 0) {
        state = 'held';
        return;
      }
      handle = timers.setInterval(tick, cadence.intervalMs);
      ticking = true;
    },
    stop() {
      clear();
      if (state === 'running' || state === 'held') state = 'stopped';
    },
    complete() {
      clear();
      state = 'complete';
      set(100);
    },
    reset() {
      clear();
      state = 'idle';
      set(0);
    },
    get value() {
      return value;
    },
    get state() {
      return state;
    },
  };
}
