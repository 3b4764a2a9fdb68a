import { describe, expect, it } from 'vitest';
import { getTool } from '../catalogue';
import { createProgressTicker, InvalidProgressCadenceError, type ProgressTimers } from './index';

/** A clock the test advances by hand, so cadences are checked exactly and instantly. */
function manualTimers() {
  let now = 0;
  let nextId = 1;
  const intervals = new Map<number, { callback: () => void; ms: number; due: number }>();
  const timers: ProgressTimers = {
    setInterval(callback, ms) {
      const id = nextId++;
      intervals.set(id, { callback, ms, due: now + ms });
      return id;
    },
    clearInterval(handle) {
      intervals.delete(handle as number);
    },
  };
  return {
    timers,
    active: () => intervals.size,
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...intervals.entries()].sort((a, b) => a[1].due - b[1].due)[0];
        if (!next || next[1].due > end) break;
        now = next[1].due;
        next[1].due += next[1].ms;
        next[1].callback();
      }
      now = end;
    },
  };
}

describe('createProgressTicker', () => {
  it('rises by 10 every 500 ms on conversion pages, holds at 90 and jumps to 100', () => {
    const clock = manualTimers();
    const seen: number[] = [];
    const ticker = createProgressTicker(
      getTool('office-to-pdf').progress,
      (value) => seen.push(value),
      clock.timers,
    );
    ticker.start();
    clock.advance(499);
    expect(ticker.value).toBe(0);
    clock.advance(1);
    expect(ticker.value).toBe(10);
    clock.advance(60_000);
    expect(seen).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(ticker.state).toBe('held');
    expect(clock.active()).toBe(0);
    ticker.complete();
    expect(seen.at(-1)).toBe(100);
    expect(ticker.state).toBe('complete');
  });

  it('follows the OCR (5 per 500 ms) and redact (8 per 300 ms, capped) cadences', () => {
    const clock = manualTimers();
    const ocr: number[] = [];
    createProgressTicker(getTool('pdf-ocr').progress, (v) => ocr.push(v), clock.timers).start();
    clock.advance(1_000);
    expect(ocr).toEqual([0, 5, 10]);
    const redact: number[] = [];
    createProgressTicker(getTool('pdf-redact').progress, (v) => redact.push(v), clock.timers).start();
    clock.advance(300 * 20);
    expect(redact.slice(-3)).toEqual([80, 88, 90]);
  });

  it('stops where it is on failure and restarts from 0', () => {
    const clock = manualTimers();
    const ticker = createProgressTicker(getTool('pdf-merge').progress, () => {}, clock.timers);
    ticker.start();
    clock.advance(600);
    ticker.stop();
    clock.advance(10_000);
    expect([ticker.value, ticker.state, clock.active()]).toEqual([30, 'stopped', 0]);
    ticker.start();
    expect(ticker.value).toBe(0);
    clock.advance(200);
    expect(ticker.value).toBe(10);
    ticker.start();
    expect(clock.active()).toBe(1);
    ticker.reset();
    expect([ticker.value, ticker.state, clock.active()]).toEqual([0, 'idle', 0]);
  });

  it('completes early without waiting for the cap', () => {
    const clock = manualTimers();
    const seen: number[] = [];
    const ticker = createProgressTicker(getTool('pdf-split').progress, (v) => seen.push(v), clock.timers);
    ticker.start();
    clock.advance(200);
    ticker.complete();
    clock.advance(5_000);
    expect(seen).toEqual([0, 10, 100]);
  });

  it('ticks on the real clock by default', async () => {
    const seen: number[] = [];
    const ticker = createProgressTicker({ step: 30, intervalMs: 10, cap: 90 }, (v) => seen.push(v));
    ticker.start();
    // waits for the ticks rather than a fixed time: a loaded machine may run the timers late
    await expect.poll(() => seen.length, { timeout: 10_000 }).toBe(4);
    expect(seen).toEqual([0, 30, 60, 90]);
    ticker.complete();
    expect(ticker.value).toBe(100);
  });

  it('refuses a cadence that could never move with a typed error', () => {
    expect(() => createProgressTicker({ step: 0, intervalMs: 500, cap: 90 }, () => {})).toThrow(
      InvalidProgressCadenceError,
    );
    expect(() => createProgressTicker({ step: 10, intervalMs: Number.NaN, cap: 90 }, () => {})).toThrow(
      RangeError,
    );
    expect(() => createProgressTicker({ step: 10, intervalMs: 500, cap: 120 }, () => {})).toThrow(
      /between 0 and 100/,
    );
  });
});
