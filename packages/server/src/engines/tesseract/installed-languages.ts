/**
 * Every Tesseract model installed on this machine, reachable by an ISO code: the spec's 27 web codes
 * (languages.ts: 'ua', 'zh-cn') first, then ISO 639-1 ('fr', 'cs'), ISO 639-2/T or 639-3 ('fra',
 * 'ces') and Tesseract's own script variants ('sr-latn', 'srp_latn'). A language becomes usable by
 * installing its Debian package (scripts/install-engines.sh), with no code change.
 */
import { execFileSync } from 'node:child_process';
// the two small tables by their own files: the package's index would bundle its full table with them
import { iso6393To1 } from 'iso-639-3/iso6393-to-1.js';
import { iso6393To2B } from 'iso-639-3/iso6393-to-2b.js';
import { DEFAULT_OCR_LANGUAGE, OCR_LANGUAGE_MODELS } from './languages';

let installed: ReadonlySet<string> | undefined;

/**
 * Tesseract's own list of its models, asked once per process. Parameters are read synchronously (at
 * the HTTP edge, before a job exists), so this is the one synchronous engine call: ~20 ms, once.
 */
export function installedTesseractModels(): ReadonlySet<string> {
  if (installed) return installed;
  let listing = '';
  try {
    listing = execFileSync('tesseract', ['--list-langs'], { encoding: 'utf8', timeout: 10_000 });
  } catch {
    // No Tesseract: no model is installed; the spec's languages still resolve and fail at run time
    // with the engine's error, as before.
    return new Set();
  }
  installed = new Set(
    listing
      .split('\n')
      .slice(1)
      .map((line) => line.trim())
      .filter((model) => model !== '' && model !== 'osd'),
  );
  return installed;
}

/**
 * ISO 639-1 and 639-2/B codes to the 639-2/T / 639-3 code Tesseract names its models by (from the
 * package's two small code tables: its full table of names loads only for the language list).
 */
const threeLetterCode = new Map<string, string>(
  [...Object.entries(iso6393To1), ...Object.entries(iso6393To2B)].map(([three, other]) => [other, three]),
);

/** A resolved Language: the code as the request gave it (normalised) and the model Tesseract loads. */
export interface ResolvedOcrLanguage {
  language: string;
  model: string;
}

/**
 * The model names a code may mean, Tesseract's own spelling first ('chi_sim' is a model although
 * 'chi' is the 639-2/B code of 'zho'): 'sr-Latn' -> 'srp_latn', 'fr' -> 'fra', 'ger' -> 'deu'.
 */
function candidateModels(code: string): string[] {
  const [primary = '', ...rest] = code.split(/[-_]/);
  const asWritten = [primary, ...rest].join('_');
  const mapped = threeLetterCode.get(primary);
  return mapped ? [asWritten, [mapped, ...rest].join('_')] : [asWritten];
}

/**
 * The Language as sent (blank or absent: the default 'en'), or null when no installed model has that
 * code. The spec's 27 always resolve, so a server missing one of their packages answers with the
 * engine's error at run time rather than calling a spec language unknown.
 */
export function resolveOcrLanguage(value: string | undefined): ResolvedOcrLanguage | null {
  const code = value?.trim().toLowerCase() || DEFAULT_OCR_LANGUAGE;
  if (!/^[a-z]{2,3}([-_][a-z]{2,4}){0,2}$/.test(code)) return null;
  const spec = (OCR_LANGUAGE_MODELS as Record<string, string>)[code];
  if (spec) return { language: code, model: spec };
  const models = installedTesseractModels();
  const model = candidateModels(code).find((name) => models.has(name));
  return model ? { language: code, model } : null;
}
