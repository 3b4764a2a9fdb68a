/**
 * Parameters of pdf/to/redact: Preset (one of the spec's 8, default auto), RedactionColor (#rrggbb,
 * default #000000) and RedactionTerms (comma- or newline-separated literal terms; required by the
 * manual preset, added to the detectors of any other preset).
 */
import { PRESET_DETECTORS, parseRedactionPreset, REDACTION_PRESETS, type RedactionPreset } from '../../redaction';

export const DEFAULT_REDACTION_COLOR = '#000000';
const MAX_TERMS = 200;
const MAX_TERM_LENGTH = 200;

export interface RedactOptions {
  preset: RedactionPreset;
  /** RGB in 0..1, as PDF colour operators take it. */
  color: [number, number, number];
  terms: string[];
}

export function parseColor(value: string | undefined): [number, number, number] | null {
  const hex = (value ?? '').trim() || DEFAULT_REDACTION_COLOR;
  const match = /^#?([0-9a-f]{6})$/i.exec(hex);
  if (!match?.[1]) return null;
  const n = Number.parseInt(match[1], 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

export const parseTerms = (value: string | undefined): string[] =>
  (value ?? '')
    .split(/[,\n\r]+/)
    .map((term) => term.trim())
    .filter((term) => term !== '');

export function validateRedactParameters(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  const errors: Record<string, string[]> = {};
  const preset = parseRedactionPreset(params.Preset);
  if (preset === null) errors.Preset = [`Preset must be one of ${REDACTION_PRESETS.join(', ')}.`];
  if (parseColor(params.RedactionColor) === null) {
    errors.RedactionColor = ['RedactionColor must be a colour in the form #rrggbb, e.g. #000000.'];
  }
  const terms = parseTerms(params.RedactionTerms);
  if (preset === 'manual' && terms.length === 0) {
    errors.RedactionTerms = ['RedactionTerms is required for the manual preset: list the words to redact.'];
  } else if (terms.length > MAX_TERMS) {
    errors.RedactionTerms = [`RedactionTerms may list at most ${MAX_TERMS} terms.`];
  } else if (terms.some((term) => term.length > MAX_TERM_LENGTH)) {
    errors.RedactionTerms = [`Each redaction term must be at most ${MAX_TERM_LENGTH} characters.`];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Call after validateRedactParameters passed. */
export function parseRedactOptions(params: Readonly<Record<string, string>>): RedactOptions {
  return {
    preset: parseRedactionPreset(params.Preset) ?? 'auto',
    color: parseColor(params.RedactionColor) ?? [0, 0, 0],
    terms: parseTerms(params.RedactionTerms),
  };
}

export const presetDetectors = (preset: RedactionPreset) => PRESET_DETECTORS[preset];
