/**
 * The Tesseract models for a picture whose language nobody named: Tesseract's orientation and script
 * detection (`--psm 0`, the `osd` model) names the script, and each script maps to the installed
 * models that write it, read together (Tesseract picks per word). Latin script, the common case in
 * Europe, reads with English and the languages whose letters English lacks (Czech, German, French,
 * Polish, Spanish, Italian). Without a verdict (too little text, no `osd`), the Latin set is used.
 */
import { runEngine } from '../run-engine';
import { installedTesseractModels } from '../tesseract/installed-languages';

const SCRIPT_MODELS: Record<string, string[]> = {
  Latin: ['eng', 'ces', 'deu', 'fra', 'pol', 'spa', 'ita'],
  Arabic: ['ara', 'fas'],
  Cyrillic: ['rus', 'ukr', 'bul', 'srp'],
  Greek: ['ell'],
  Hebrew: ['heb'],
  Han: ['chi_sim', 'chi_tra'],
  Japanese: ['jpn'],
  Katakana: ['jpn'],
  Hiragana: ['jpn'],
  Hangul: ['kor'],
  Thai: ['tha'],
};

/** The installed models for a script name as OSD prints it; the Latin set when none fits. */
export function modelsForScript(script: string | undefined): string {
  const installed = installedTesseractModels();
  const pick = (names: string[]): string[] => names.filter((m) => installed.has(m));
  const models = pick(SCRIPT_MODELS[script ?? ''] ?? []);
  const chosen = models.length > 0 ? models : pick(SCRIPT_MODELS.Latin ?? []);
  return chosen.length > 0 ? chosen.join('+') : 'eng';
}

/** The script OSD sees in the picture at `imagePath`, or undefined when it cannot tell. */
export async function detectScript(
  imagePath: string,
  options: { signal?: AbortSignal; timeoutMs: number },
): Promise<string | undefined> {
  try {
    const { stdout } = await runEngine('tesseract', [imagePath, 'stdout', '--psm', '0', '-l', 'osd'], {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      env: { OMP_THREAD_LIMIT: '1' },
    });
    return /^Script:\s*(\S+)/m.exec(stdout.toString('utf8'))?.[1];
  } catch (error) {
    if (options.signal?.aborted) throw error;
    // too little text for a verdict makes Tesseract exit with an error: fall back to Latin
    return undefined;
  }
}
