/**
 * The spec's 27 OCR language codes (part 2, "OCR languages") and the Tesseract traineddata each one
 * needs. The spec uses short web codes (ua, zh-cn); Tesseract names its models by ISO 639-2 (ukr,
 * chi_sim), so this table is the only place the two meet.
 */
import { DEFAULT_OCR_LANGUAGE as CATALOGUE_DEFAULT_LANGUAGE } from '@docstudio/core';

export const OCR_LANGUAGE_MODELS = {
  ar: 'ara',
  ca: 'cat',
  'zh-cn': 'chi_sim',
  'zh-tw': 'chi_tra',
  da: 'dan',
  nl: 'nld',
  en: 'eng',
  fi: 'fin',
  fa: 'fas',
  de: 'deu',
  el: 'ell',
  he: 'heb',
  it: 'ita',
  ja: 'jpn',
  ko: 'kor',
  lt: 'lit',
  no: 'nor',
  pl: 'pol',
  pt: 'por',
  ro: 'ron',
  ru: 'rus',
  sl: 'slv',
  es: 'spa',
  sv: 'swe',
  tr: 'tur',
  ua: 'ukr',
  th: 'tha',
} as const satisfies Record<string, string>;

export type OcrLanguage = keyof typeof OCR_LANGUAGE_MODELS;

export const OCR_LANGUAGES = Object.keys(OCR_LANGUAGE_MODELS) as OcrLanguage[];
export const DEFAULT_OCR_LANGUAGE: OcrLanguage = CATALOGUE_DEFAULT_LANGUAGE;

const isOcrLanguage = (code: string): code is OcrLanguage => Object.hasOwn(OCR_LANGUAGE_MODELS, code);

/** The spec code as sent ('zh-CN' and ' de ' are accepted), or null when it is not one of the 27. */
export function parseOcrLanguage(value: string | undefined): OcrLanguage | null {
  if (value === undefined || value.trim() === '') return DEFAULT_OCR_LANGUAGE;
  const code = value.trim().toLowerCase();
  return isOcrLanguage(code) ? code : null;
}

/** Tesseract's `-l` argument for a spec code. */
export const tesseractModel = (language: OcrLanguage): string => OCR_LANGUAGE_MODELS[language];
