/**
 * Checks a PDF input before any tool works on it, with qpdf as the independent judge: the page count,
 * and the two ways an input is unusable, as the clear 422s of the contract (damaged, or needs a password).
 */
import { ApiError, damagedFile, invalidPassword, passwordProtected } from '../contract/errors';
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
  // The password goes through stdin, never argv, where other processes could read it.
  const passwordArgs = options.password !== undefined ? ['--password-file=-'] : [];
  let pages: number;
  try {
    const { stdout } = await runEngine('qpdf', [...passwordArgs, '--show-npages', '--', path], {
      timeoutMs: INSPECT_TIMEOUT_MS,
      signal: options.signal,
      stdin: options.password !== undefined ? `${options.password}\n` : undefined,
    });
    pages = Number.parseInt(stdout.toString('utf8').trim(), 10);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof EngineExitError && /invalid password/i.test(error.stderr)) {
      throw options.password !== undefined ? invalidPassword() : passwordProtected();
    }
    // qpdf exits 3 for warnings it could recover from; anything else it could not open.
    if (error instanceof EngineExitError && error.code === 3) {
      pages = Number.parseInt(error.stdout.toString('utf8').trim(), 10);
    } else {
      throw damagedFile();
    }
  }
  if (!Number.isInteger(pages) || pages < 1) throw damagedFile('The PDF has no pages.');
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
