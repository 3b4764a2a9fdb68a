/** OCR languages and output formats; redaction presets (spec part 2, sections 2 and 9). */
import type { EndpointChoice, OptionChoice } from './catalogue.types';

/** The 27 OCR languages by the codes the server takes, with display names. */
export const OCR_LANGUAGES: readonly OptionChoice[] = [
  { value: 'ar', label: 'Arabic' },
  { value: 'ca', label: 'Catalan' },
  { value: 'zh-cn', label: 'Chinese (Simplified)' },
  { value: 'zh-tw', label: 'Chinese (Traditional)' },
  { value: 'da', label: 'Danish' },
  { value: 'nl', label: 'Dutch' },
  { value: 'en', label: 'English' },
  { value: 'fi', label: 'Finnish' },
  { value: 'fa', label: 'Persian' },
  { value: 'de', label: 'German' },
  { value: 'el', label: 'Greek' },
  { value: 'he', label: 'Hebrew' },
  { value: 'it', label: 'Italian' },
  { value: 'ja', label: 'Japanese' },
  { value: 'ko', label: 'Korean' },
  { value: 'lt', label: 'Lithuanian' },
  { value: 'no', label: 'Norwegian' },
  { value: 'pl', label: 'Polish' },
  { value: 'pt', label: 'Portuguese' },
  { value: 'ro', label: 'Romanian' },
  { value: 'ru', label: 'Russian' },
  { value: 'sl', label: 'Slovenian' },
  { value: 'es', label: 'Spanish' },
  { value: 'sv', label: 'Swedish' },
  { value: 'tr', label: 'Turkish' },
  { value: 'ua', label: 'Ukrainian' },
  { value: 'th', label: 'Thai' },
];

/**
 * More languages the server's install script adds (those of European administrations), with their
 * display names. Not in the catalogue's picker list, which holds what every API takes (the 27): the
 * server lists what it has installed (GET /ocr/languages) and the picker adds those.
 */
export const MORE_OCR_LANGUAGES: readonly OptionChoice[] = [
  { value: 'sq', label: 'Albanian' },
  { value: 'eu', label: 'Basque' },
  { value: 'bs', label: 'Bosnian' },
  { value: 'bg', label: 'Bulgarian' },
  { value: 'hr', label: 'Croatian' },
  { value: 'cs', label: 'Czech' },
  { value: 'et', label: 'Estonian' },
  { value: 'fr', label: 'French' },
  { value: 'gl', label: 'Galician' },
  { value: 'hu', label: 'Hungarian' },
  { value: 'is', label: 'Icelandic' },
  { value: 'ga', label: 'Irish' },
  { value: 'lv', label: 'Latvian' },
  { value: 'lb', label: 'Luxembourgish' },
  { value: 'mk', label: 'Macedonian' },
  { value: 'mt', label: 'Maltese' },
  { value: 'sr', label: 'Serbian (Cyrillic)' },
  { value: 'sr-latn', label: 'Serbian (Latin)' },
  { value: 'sk', label: 'Slovak' },
  { value: 'cy', label: 'Welsh' },
];
export const DEFAULT_OCR_LANGUAGE = 'en';

/** OCR output format picks the endpoint. */
export const OCR_OUTPUT_FORMATS: readonly EndpointChoice[] = [
  { value: 'pdf', label: 'Searchable PDF', endpoint: 'pdf/to/ocr', outputFormats: ['pdf'] },
  { value: 'txt', label: 'Text File', endpoint: 'pdf/to/txt', outputFormats: ['txt'] },
];

/** The one list of redaction presets; the server keys its detector sets by these values. */
export const REDACTION_PRESETS = [
  { value: 'auto', label: 'Automatic (all detected personal data)' },
  { value: 'gdpr', label: 'GDPR (EU personal data)' },
  { value: 'hipaa', label: 'HIPAA (health information)' },
  { value: 'ferpa', label: 'FERPA (student records)' },
  { value: 'foia', label: 'FOIA (public records release)' },
  { value: 'glba', label: 'GLBA (financial data)' },
  { value: 'ccpa', label: 'CCPA (California consumer data)' },
  { value: 'manual', label: 'Manual (your own words and patterns)' },
] as const satisfies readonly OptionChoice[];
export type RedactionPreset = (typeof REDACTION_PRESETS)[number]['value'];
export const DEFAULT_REDACTION_PRESET: RedactionPreset = 'auto';
export const DEFAULT_REDACTION_COLOR = '#000000';
/**
 * Not in the spec: with the manual preset the user says what to redact. RedactionTerms holds words,
 * phrases or /regular expressions/, one per line or comma-separated.
 */
export const REDACTION_TERMS_FIELD = 'RedactionTerms';
export const REDACTION_TERMS_REQUIRED = 'Please enter the words or patterns to redact.';
export const REDACTION_TERMS_MAX_LENGTH = 2000;
