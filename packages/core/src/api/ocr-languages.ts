/**
 * The answer of `GET {apiUrl}/ocr/languages` (a docstudio server's installed OCR languages) read into
 * picker choices. Hosts of the provider's own API have no such call: callers keep the catalogue's 27.
 */
import type { OptionChoice } from '../catalogue/catalogue.types';
import { ConversionError } from './conversion.errors';

export interface OcrLanguageChoice extends OptionChoice {
  /** One of the spec's 27 (the catalogue's list). */
  listed: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

export function parseOcrLanguages(
  meta: { status: number; statusText?: string },
  bodyText: string,
): OcrLanguageChoice[] {
  let body: unknown;
  try {
    body = JSON.parse(bodyText);
  } catch {
    body = undefined;
  }
  if (!isRecord(body) || !Array.isArray(body.Languages)) {
    throw new ConversionError('The server answer has no Languages', {
      status: meta.status,
      ...(meta.statusText ? { statusText: meta.statusText } : {}),
    });
  }
  return body.Languages.filter(isRecord).flatMap((entry) =>
    typeof entry.Code === 'string' && entry.Code !== '' && typeof entry.Name === 'string'
      ? [{ value: entry.Code, label: entry.Name, listed: entry.Listed === true }]
      : [],
  );
}
