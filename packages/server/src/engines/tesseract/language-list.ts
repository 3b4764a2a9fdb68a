/**
 * The OCR languages this server can read, for pickers and the API document: every installed Tesseract
 * model under the code a request may send for it (the spec's web code for the 27, else ISO 639-1
 * where one exists, else the model's own name) and a display name. Built once per process from
 * `tesseract --list-langs` (installedTesseractModels), so a package installed later shows up after a
 * restart, like it becomes usable. The ISO 639-3 table (~760 KB of source, ~70 ms to load) is read on
 * the first call, not while the server starts.
 */
import { OCR_LANGUAGES as CATALOGUE_LANGUAGES, MORE_OCR_LANGUAGES } from '@docstudio/core';
import type { Language } from 'iso-639-3';
import { installedTesseractModels, resolveOcrLanguage } from './installed-languages';
import { OCR_LANGUAGE_MODELS } from './languages';

export interface InstalledOcrLanguage {
  /** What a request sends as Language ('en', 'zh-cn', 'fr', 'sr-latn', 'frk'). */
  code: string;
  /** English name ('French', 'Serbian (Latin)'). */
  name: string;
  /** Tesseract's model ('fra', 'srp_latn'). */
  model: string;
  /** One of the spec's 27 (shown first in pickers). */
  listed: boolean;
}

/** Names of Tesseract's model variants ('srp_latn', 'jpn_vert', 'ita_old'). */
const VARIANT_NAMES: Record<string, string> = {
  latn: 'Latin',
  cyrl: 'Cyrillic',
  vert: 'vertical',
  sim: 'Simplified',
  tra: 'Traditional',
  old: 'old',
  frak: 'Fraktur',
};

type ByCode = ReadonlyMap<string, Language>;

/** ISO 639-3 and 639-2/B codes → the language. */
async function languagesByCode(): Promise<ByCode> {
  const { iso6393 } = await import('iso-639-3');
  const byCode = new Map<string, Language>();
  for (const language of iso6393) {
    byCode.set(language.iso6393, language);
    if (language.iso6392B) byCode.set(language.iso6392B, language);
  }
  return byCode;
}

const catalogueNames = new Map(
  [...CATALOGUE_LANGUAGES, ...MORE_OCR_LANGUAGES].map((choice) => [choice.value, choice.label]),
);
const specCodeOfModel = new Map(
  Object.entries(OCR_LANGUAGE_MODELS).map(([code, model]) => [model as string, code]),
);

/** 'Modern Greek (1453-)' → 'Modern Greek'; 'Malay (macrolanguage)' → 'Malay'. */
const plainName = (name: string): string => name.replace(/\s*\((macrolanguage|[^)]*\d[^)]*)\)$/, '');

/** The code a request sends for a model that is not one of the spec's 27; it must resolve back to it. */
function requestCode(model: string, byCode: ByCode): string {
  const [base = '', ...variant] = model.split('_');
  const short = byCode.get(base)?.iso6391;
  const code = [short ?? base, ...variant].join('-');
  return resolveOcrLanguage(code)?.model === model ? code : model.replace(/_/g, '-');
}

function describe(model: string, byCode: ByCode): InstalledOcrLanguage | null {
  const spec = specCodeOfModel.get(model);
  if (spec) return { code: spec, name: catalogueNames.get(spec) ?? spec, model, listed: true };
  const [base = '', ...variant] = model.split('_');
  const language = byCode.get(base);
  // a model that is no language ('equ': equations) or has no code a request could name
  if (!language || model.includes('/')) return null;
  const code = requestCode(model, byCode);
  if (resolveOcrLanguage(code)?.model !== model) return null;
  const variants = variant.map((part) => VARIANT_NAMES[part] ?? part).join(', ');
  const name =
    catalogueNames.get(code) ??
    (variants ? `${plainName(language.name)} (${variants})` : plainName(language.name));
  return { code, name, model, listed: false };
}

let cached: readonly InstalledOcrLanguage[] | undefined;

/** The spec's 27 that are installed in the spec's order, then the others by name. */
export async function installedOcrLanguages(): Promise<readonly InstalledOcrLanguage[]> {
  if (cached) return cached;
  const models = installedTesseractModels();
  const byCode = await languagesByCode();
  const described = [...models].map((model) => describe(model, byCode)).filter((entry) => entry !== null);
  const order = Object.values(OCR_LANGUAGE_MODELS) as string[];
  const listed = described
    .filter((entry) => entry.listed)
    .sort((a, b) => order.indexOf(a.model) - order.indexOf(b.model));
  const others = described
    .filter((entry) => !entry.listed)
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  // an empty list (no Tesseract found) is not kept: the next call asks again
  const list = [...listed, ...others];
  if (models.size > 0) cached = list;
  return list;
}
