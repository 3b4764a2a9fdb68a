/**
 * The language of a scanned page nobody named: Tesseract's script detection (OSD) picks the installed
 * models of that script, a first pass reads the page with all of them together, and franc names the
 * language of what was read (text-language.ts). The page is then read again by the caller with that
 * one model: a single model reads its own language better than a set of seven (fewer look-alike
 * letters to choose from). Without a verdict the script's set is the answer, and without a script (a
 * photo, a blank page: OSD sees no text) there is none.
 *
 * Both look at the middle third of the page first (a text page has plenty of words there, for a
 * third of the work); only when that band shows no script or too few letters is the whole page read.
 */
import { rm } from 'node:fs/promises';
import { detectScript, modelsForScript } from '../pdf-structure/script-languages';
import { runEngine } from '../run-engine';
import { loadSharp } from '../sharp-module';
import { singleThreadEnv } from '../tesseract/ocrmypdf';
import { modelOfTextLanguage } from './text-language';

export interface PageLanguage {
  /** Tesseract's `-l` argument: one model, the script's set joined by '+', or none found. */
  models: string | undefined;
  /** The script OSD saw, if it could tell. */
  script: string | undefined;
}

interface Limits {
  workDir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}

async function readWith(imagePath: string, models: string, options: Limits): Promise<string> {
  const { stdout } = await runEngine('tesseract', [imagePath, 'stdout', '-l', models], {
    timeoutMs: options.timeoutMs,
    ...(options.signal ? { signal: options.signal } : {}),
    env: singleThreadEnv(options.workDir),
  });
  return stdout.toString('utf8');
}

/** The language of one picture: undefined models when OSD sees no script in it. */
async function pictureLanguage(
  imagePath: string,
  options: Limits,
): Promise<PageLanguage & { verdict: boolean }> {
  const script = await detectScript(imagePath, options);
  if (!script) return { models: undefined, script, verdict: false };
  const candidates = modelsForScript(script);
  const model = await modelOfTextLanguage(await readWith(imagePath, candidates, options));
  return { models: model ?? candidates, script, verdict: model !== undefined };
}

/** The middle third of the picture as a PNG beside it, or undefined when the picture is too small. */
async function middleBand(imagePath: string): Promise<string | undefined> {
  // sharp (libvips, a native library) loads on the first use, not at the server's start
  const sharp = loadSharp();
  const { width = 0, height = 0 } = await sharp(imagePath).metadata();
  if (height < 600) return undefined;
  const band = imagePath.replace(/\.png$/, '-band.png');
  await sharp(imagePath)
    .extract({ left: 0, top: Math.floor(height / 3), width, height: Math.floor(height / 3) })
    .png({ compressionLevel: 1 })
    .toFile(band);
  return band;
}

export async function detectPageLanguage(imagePath: string, options: Limits): Promise<PageLanguage> {
  const band = await middleBand(imagePath);
  if (band) {
    try {
      const found = await pictureLanguage(band, options);
      if (found.verdict) return { models: found.models, script: found.script };
    } finally {
      await rm(band, { force: true });
    }
  }
  const { models, script } = await pictureLanguage(imagePath, options);
  return { models, script };
}
