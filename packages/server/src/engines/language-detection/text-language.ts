/**
 * Which installed Tesseract model writes a text's language, by franc's trigram statistics over a
 * first OCR pass. franc names languages by ISO 639-3 individual codes, Tesseract some models by the
 * macrolanguage ('fas' is read as Iranian Persian 'pes'): the table below joins the two.
 */
import { installedTesseractModels } from '../tesseract/installed-languages';

/** Tesseract models whose franc code differs from the model's name. */
const FRANC_CODE_OF_MODEL: Record<string, string> = {
  ara: 'arb',
  aze: 'azj',
  chi_sim: 'cmn',
  chi_tra: 'cmn',
  est: 'ekk',
  fas: 'pes',
  lav: 'lvs',
  msa: 'zlm',
  nor: 'nob',
  sqi: 'als',
  uzb: 'uzn',
  yid: 'ydd',
};

/** Fewer letters than this tell nothing reliable (franc's own floor is 10). */
const MIN_LETTERS = 40;
/**
 * The runner-up must score below the winner by this much (franc's scores are 1 for the best). French
 * or Czech OCR text wins by 0.1 or more; English by only 0.014-0.04 (a technical manual, linn.pdf).
 */
const MIN_MARGIN = 0.01;

function francCodes(): Map<string, string> {
  const byCode = new Map<string, string>();
  // sorted: 'chi_sim' answers for Mandarin before 'chi_tra' (franc cannot tell the two apart)
  for (const model of [...installedTesseractModels()].sort()) {
    const code = FRANC_CODE_OF_MODEL[model] ?? (/^[a-z]{3}$/.test(model) ? model : undefined);
    if (code && !byCode.has(code)) byCode.set(code, model);
  }
  return byCode;
}

/**
 * The installed model of the text's language, or undefined when the text is too short or two
 * languages score alike (then the caller keeps reading with a set of models). franc-all (0.8 MB of
 * trigram tables) loads on the first call, not at the server's start.
 */
export async function modelOfTextLanguage(text: string): Promise<string | undefined> {
  const letters = text.replace(/[^\p{L}]/gu, '');
  if (letters.length < MIN_LETTERS) return undefined;
  const byCode = francCodes();
  if (byCode.size === 0) return undefined;
  const { francAll } = await import('franc-all');
  const [best, second] = francAll(text, { only: [...byCode.keys()], minLength: MIN_LETTERS });
  if (!best || best[0] === 'und') return undefined;
  if (second && best[1] - second[1] < MIN_MARGIN) return undefined;
  return byCode.get(best[0]);
}
