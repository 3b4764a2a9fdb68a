/**
 * Checks a PDF input before any tool works on it: the page count, and the two ways an input is
 * unusable, as the clear 422s of the contract (damaged, or needs a password). A file read exactly
 * in-process (pdf-raw-facts.ts: unencrypted, xref and page tree as a reader takes them) is answered
 * without an engine; every other file has qpdf, the independent judge, answer both questions in one
 * run (`--show-npages --show-encryption`).
 */
import { damagedFile, invalidPassword, passwordProtected } from '../contract/errors';
import { rawPdfFacts } from './pdf-raw-facts';
import { rawBytesIfSmall } from './pdf-raw-structure';
import { EngineExitError, runEngine } from './run-engine';

export interface PdfFacts {
  pages: number;
  /** True when the file is encrypted (even if it opens without a password, e.g. owner-only). */
  encrypted: boolean;
}

const INSPECT_TIMEOUT_MS = 30_000;
/** The facts read in-process, when the file is small and read exactly (see pdf-raw-facts.ts). */
async function factsInProcess(path: string): Promise<PdfFacts | undefined> {
  const bytes = await rawBytesIfSmall(path);
  return bytes && rawPdfFacts(bytes);
}

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
  // a password is only ever needed by an encrypted file, which qpdf judges
  const known = password === undefined ? await factsInProcess(path) : undefined;
  if (known) return known;
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
