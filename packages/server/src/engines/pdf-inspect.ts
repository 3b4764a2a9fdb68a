/**
 * Checks a PDF input before any tool works on it, with qpdf as the independent judge: the page count,
 * and the two ways an input is unusable, as the clear 422s of the contract (damaged, or needs a password).
 */
import { qpdfPageCount } from './qpdf';
import { EngineExitError, runEngine } from './run-engine';

export interface PdfFacts {
  pages: number;
  /** True when the file is encrypted (even if it opens without a password, e.g. owner-only). */
  encrypted: boolean;
}

const INSPECT_TIMEOUT_MS = 30_000;

/**
 * Inspects `path`. With `password`, the file is opened with it (a wrong one is InvalidPassword);
 * without, a file that needs a user password is PasswordProtected. qpdf repairs small damage itself,
 * so only files it cannot read at all are Damaged.
 */
export async function inspectPdf(
  path: string,
  options: { password?: string; signal?: AbortSignal } = {},
): Promise<PdfFacts> {
  const pages = await qpdfPageCount(path, {
    password: options.password,
    signal: options.signal,
    timeoutMs: INSPECT_TIMEOUT_MS,
  });
  const encrypted = await isEncrypted(path, options.signal);
  return { pages, encrypted };
}

async function isEncrypted(path: string, signal?: AbortSignal): Promise<boolean> {
  try {
    // exit 0: encrypted; exit 2: not encrypted (qpdf's documented codes for --is-encrypted)
    await runEngine('qpdf', ['--is-encrypted', '--', path], { timeoutMs: INSPECT_TIMEOUT_MS, signal });
    return true;
  } catch (error) {
    if (error instanceof EngineExitError && error.code === 2) return false;
    throw error;
  }
}
