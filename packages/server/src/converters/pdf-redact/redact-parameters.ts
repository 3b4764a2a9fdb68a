/**
 * Parameters of pdf/to/redact as the core catalogue defines them: Preset (8 values, default auto),
 * RedactionColor (#rrggbb, default #000000) and RedactionTerms (words, phrases or /patterns/; required
 * by the manual preset, added to the detectors of any other preset). The catalogue checks values; this
 * module adds what only the server can check: that each pattern compiles, and how many terms there are.
 */
import { DEFAULT_REDACTION_COLOR, validateToolParameters } from '@docstudio/core';
import {
  PRESET_DETECTORS,
  parseRedactionPreset,
  parseUserTerms,
  type RedactionPreset,
  type UserTerms,
  userTermProblems,
} from '../../redaction';

export const REDACT_ENDPOINT = 'pdf/to/redact';
const MAX_TERMS = 200;

export interface RedactOptions {
  preset: RedactionPreset;
  /** RGB in 0..1, as PDF colour operators take it. */
  color: [number, number, number];
  terms: UserTerms;
}

export function parseColor(value: string | undefined): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec((value ?? '').trim() || DEFAULT_REDACTION_COLOR);
  const n = Number.parseInt(match?.[1] ?? '000000', 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export function validateRedactParameters(
  params: Readonly<Record<string, string>>,
): Record<string, string[]> | null {
  const errors: Record<string, string[]> = { ...(validateToolParameters(REDACT_ENDPOINT, params) ?? {}) };
  if (!errors.RedactionTerms) {
    const terms = parseUserTerms(params.RedactionTerms);
    const problems = userTermProblems(terms);
    if (terms.literals.length + terms.patterns.length > MAX_TERMS)
      problems.push(`At most ${MAX_TERMS} terms.`);
    if (problems.length > 0) errors.RedactionTerms = problems;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Call after validateRedactParameters passed. */
export function parseRedactOptions(params: Readonly<Record<string, string>>): RedactOptions {
  return {
    preset: parseRedactionPreset(params.Preset) ?? 'auto',
    color: parseColor(params.RedactionColor),
    terms: parseUserTerms(params.RedactionTerms),
  };
}

export const presetDetectors = (preset: RedactionPreset) => PRESET_DETECTORS[preset];
