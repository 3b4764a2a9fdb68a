/**
 * Parameters of pdf/to/redact as the core catalogue defines them: Preset (8 values, default auto),
 * RedactionColor (#rrggbb, default #000000) and RedactionTerms (words, phrases or /patterns/; required
 * by the manual preset, added to the detectors of any other preset). The catalogue checks values; this
 * module adds what only the server can check: that each pattern compiles, and how many terms there are.
 */
import { DEFAULT_REDACTION_COLOR, sentValue } from '@docstudio/core';
import { type OcrLanguage, parseOcrLanguage } from '../../engines/tesseract';
import {
  PRESET_DETECTORS,
  parseRedactionPreset,
  parseUserTerms,
  type RedactionPreset,
  type UserTerms,
  userTermProblems,
} from '../../redaction';
import {
  type ParameterReading,
  readCatalogue,
  type SentParameters,
  withServerProblems,
} from '../tool-parameters';

const MAX_TERMS = 200;

export interface RedactOptions {
  preset: RedactionPreset;
  /** RGB in 0..1, as PDF colour operators take it. */
  color: [number, number, number];
  terms: UserTerms;
  /** The spec code OCR of scanned pages reads: the OCR tool's Language when a workflow passes one, else en. */
  ocrLanguage: OcrLanguage;
}

export function parseColor(value: string | undefined): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec((value ?? '').trim() || DEFAULT_REDACTION_COLOR);
  const n = Number.parseInt(match?.[1] ?? '000000', 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
}

/** What the sent terms break: a pattern that does not compile, too many terms. */
function termProblems(sent: SentParameters): Record<string, string[]> | null {
  const terms = parseUserTerms(sentValue(sent, 'RedactionTerms'));
  const problems = userTermProblems(terms);
  if (terms.literals.length + terms.patterns.length > MAX_TERMS) problems.push(`At most ${MAX_TERMS} terms.`);
  return problems.length > 0 ? { RedactionTerms: problems } : null;
}

/**
 * The catalogue's checks plus the terms' own, then the options as sent. The terms count under every
 * preset: the catalogue lists RedactionTerms only under the manual one, while any other preset adds
 * them to its detectors.
 */
export function readRedactParameters(sent: SentParameters): ParameterReading<RedactOptions> {
  const reading = withServerProblems(readCatalogue('pdf-redact', sent), termProblems(sent));
  if (!reading.ok) return reading;
  return {
    ok: true,
    params: {
      preset: parseRedactionPreset(sentValue(sent, 'Preset')) ?? 'auto',
      color: parseColor(sentValue(sent, 'RedactionColor')),
      terms: parseUserTerms(sentValue(sent, 'RedactionTerms')),
      ocrLanguage: parseOcrLanguage(sentValue(sent, 'Language')) ?? 'en',
    },
  };
}

export const presetDetectors = (preset: RedactionPreset) => PRESET_DETECTORS[preset];
