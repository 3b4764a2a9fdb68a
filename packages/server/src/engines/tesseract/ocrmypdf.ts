/**
 * Searchable PDFs through OCRmyPDF (Debian's /usr/bin/ocrmypdf, which drives Ghostscript and
 * Tesseract). OCRmyPDF grafts an invisible text layer onto each page and leaves the page images as
 * they are with `--output-type pdf --optimize 0` (no PDF/A re-encoding, no image recompression).
 * Tesseract runs single-threaded (OMP_THREAD_LIMIT=1) while OCRmyPDF works on two pages at once:
 * Tesseract's OpenMP threads only fight each other on a small machine (13.3 s a page with default
 * threads against 2.0 s with one thread, measured on this 2-core host).
 */
import { conversionFailed, DomainError, damagedFile, passwordProtected } from '../../contract/errors';
import { EngineExitError, runEngine } from '../run-engine';

export const OCRMYPDF = '/usr/bin/ocrmypdf';

export interface SearchablePdfOptions {
  /** Tesseract model names ('eng', 'chi_sim'); joined with '+'. */
  models: readonly string[];
  /** Pages OCRed at the same time (OCRmyPDF --jobs). */
  jobs?: number;
  /** Bound for the whole run; the process group is killed when it passes. */
  timeoutMs: number;
  signal?: AbortSignal;
  /** Private folder for OCRmyPDF's intermediate files (it honours TMPDIR). */
  tempDir: string;
}

/** Variables for every Tesseract run: one OpenMP thread, parallelism comes from pages instead. */
export function singleThreadEnv(tempDir?: string): NodeJS.ProcessEnv {
  return { OMP_THREAD_LIMIT: '1', ...(tempDir ? { TMPDIR: tempDir } : {}) };
}

/** Pages that already carry text are copied unchanged (--skip-text); the others get a text layer. */
export async function makeSearchablePdf(
  input: string,
  output: string,
  options: SearchablePdfOptions,
): Promise<void> {
  // One page may not take the whole time; OCRmyPDF leaves a page without text when Tesseract times out.
  const pageTimeout = Math.max(10, Math.min(180, Math.floor(options.timeoutMs / 1000)));
  const args = [
    '--output-type',
    'pdf',
    '--optimize',
    '0',
    '--skip-text',
    '--jobs',
    String(options.jobs ?? 2),
    '-l',
    options.models.join('+'),
    '--tesseract-timeout',
    String(pageTimeout),
    '--quiet',
    '--',
    input,
    output,
  ];
  try {
    await runEngine(OCRMYPDF, args, {
      timeoutMs: options.timeoutMs,
      signal: options.signal,
      env: singleThreadEnv(options.tempDir),
      cwd: options.tempDir,
    });
  } catch (error) {
    if (error instanceof DomainError || !(error instanceof EngineExitError)) throw error;
    throw ocrmypdfError(error);
  }
}

/** OCRmyPDF's documented exit codes as the contract's errors. */
function ocrmypdfError(error: EngineExitError): DomainError {
  switch (error.code) {
    case 8:
      return passwordProtected();
    case 2:
      return damagedFile();
    default:
      return conversionFailed(`OCR failed (ocrmypdf exit ${error.code}).`);
  }
}
