/**
 * Checks a PDF input before any tool works on it, with qpdf as the independent judge: the page count,
 * and the two ways an input is unusable, as the clear 422s of the contract (damaged, or needs a password).
 * One qpdf run answers both questions (`--show-npages --show-encryption`): every job starts with this
 * check, and a second engine process per job was a third of a small job's time.
 */
import { damagedFile, invalidPassword, passwordProtected } from '../contract/errors';
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
 * so only files it cannot read at all are Damaged. The password travels through stdin, never argv.
 */
export async function inspectPdf(
  path: string,
  options: { password?: string; signal?: AbortSignal } = {},
): Promise<PdfFacts> {
  const { password, signal } = options;
  const wrongPassword = () => (password !== undefined ? invalidPassword() : passwordProtected());
  let report: string;
  try {
    const { stdout } = await runEngine(
      'qpdf',
      [
        '--warning-exit-0',
        ...(password !== undefined ? ['--password-file=-'] : []),
        '--show-npages',
        '--show-encryption',
        '--',
        path,
      ],
      {
        timeoutMs: INSPECT_TIMEOUT_MS,
        signal,
        stdin: password !== undefined ? `${password}\n` : undefined,
        maxStdout: 64 * 1024,
      },
    );
    report = stdout.toString('utf8');
  } catch (error) {
    if (error instanceof EngineExitError && /invalid password/i.test(error.stderr)) throw wrongPassword();
    if (error instanceof EngineExitError) throw damagedFile();
    throw error;
  }
  // Without the right password qpdf can still describe the encryption, but counts no pages.
  if (/^Incorrect password supplied$/m.test(report)) throw wrongPassword();
  const pages = Number.parseInt(/^(\d+)$/m.exec(report)?.[1] ?? '', 10);
  if (!Number.isInteger(pages) || pages < 1) throw damagedFile('The PDF has no pages.');
  return { pages, encrypted: !/^File is not encrypted$/m.test(report) };
}
