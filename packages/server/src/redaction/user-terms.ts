/**
 * The user's RedactionTerms (core catalogue: words, phrases or /regular expressions/, one per line or
 * comma-separated). Literal terms match case-insensitively, a space matching any white space. Patterns
 * are the user's own code running on the server, and a JavaScript regular expression cannot be
 * interrupted once it backtracks without end: they run in a worker thread that is terminated when
 * its time is up.
 */
import { Worker } from 'node:worker_threads';
import { type Detection, findTerms } from './detectors';

export interface UserTerms {
  literals: string[];
  patterns: { source: string; flags: string }[];
}

const PATTERN = /^\/(.+)\/([a-z]*)$/s;
const ALLOWED_FLAGS = new Set(['i', 'm', 's', 'u']);

export function parseUserTerms(value: string | undefined): UserTerms {
  const terms: UserTerms = { literals: [], patterns: [] };
  for (const line of (value ?? '').split(/\r?\n/)) {
    const whole = line.trim();
    // A whole line that is a pattern may contain commas (/\d{3,4}/); otherwise commas separate terms.
    const parts = PATTERN.test(whole) ? [whole] : whole.split(',').map((part) => part.trim());
    for (const part of parts) {
      if (!part) continue;
      const match = PATTERN.exec(part);
      if (match?.[1]) terms.patterns.push({ source: match[1], flags: match[2] ?? '' });
      else terms.literals.push(part);
    }
  }
  return terms;
}

/** Messages for patterns that are not valid regular expressions or use flags other than i, m, s, u. */
export function userTermProblems(terms: UserTerms): string[] {
  const problems: string[] = [];
  for (const { source, flags } of terms.patterns) {
    const bad = [...flags].filter((flag) => !ALLOWED_FLAGS.has(flag));
    if (bad.length > 0) {
      problems.push(`/${source}/${flags}: only the flags i, m, s and u are allowed.`);
      continue;
    }
    try {
      new RegExp(source, `g${flags}`);
    } catch {
      problems.push(`/${source}/${flags} is not a valid regular expression.`);
    }
  }
  return problems;
}

/** Plain JavaScript (the worker runs without the TypeScript loader). */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { texts, patterns } = workerData;
const out = texts.map((text) => {
  const spans = [];
  for (const { source, flags } of patterns) {
    const re = new RegExp(source, 'g' + (flags.includes('i') ? flags : flags + 'i'));
    for (const m of text.matchAll(re)) {
      if (m[0].length > 0) spans.push([m.index, m.index + m[0].length]);
      if (spans.length >= 100000) break;
    }
  }
  return spans;
});
parentPort.postMessage(out);
`;

export class PatternTimeoutError extends Error {
  constructor() {
    super('A redaction pattern took too long to run on this document.');
    this.name = 'PatternTimeoutError';
  }
}

/** Spans of every pattern in every text (one list per text), or PatternTimeoutError after timeoutMs. */
export function findPatterns(
  texts: readonly string[],
  patterns: UserTerms['patterns'],
  timeoutMs: number,
): Promise<Detection[][]> {
  if (patterns.length === 0) return Promise.resolve(texts.map(() => []));
  return new Promise((resolve, reject) => {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { texts, patterns },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new PatternTimeoutError());
    }, timeoutMs);
    worker.once('message', (spans: [number, number][][]) => {
      clearTimeout(timer);
      void worker.terminate();
      resolve(spans.map((list) => list.map(([start, end]) => ({ start, end, detector: 'term' as const }))));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

/** Literal terms of a text (synchronous: literals cannot backtrack). */
export const findLiteralTerms = (text: string, terms: UserTerms): Detection[] =>
  findTerms(text, terms.literals);
