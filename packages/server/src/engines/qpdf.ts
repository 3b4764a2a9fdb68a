/**
 * qpdf for the lossless PDF tools: encrypt, decrypt, merge, page selection, rotation and a lossless
 * re-compression pass. Every call goes through runEngine (argv arrays, timeouts, process groups).
 * Passwords never appear on a command line (where `ps` would show them): they travel in a qpdf job
 * file (`--job-json-file`) written with mode 0600 into the job's private work folder, which also
 * handles passwords starting with '--' or containing newlines that qpdf's argument syntax cannot carry.
 */
import { randomBytes } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatPageRange } from '@docstudio/core';
import { jemallocLibrary } from '../../memory.mjs';
import {
  conversionFailed,
  DomainError,
  damagedFile,
  ErrorCode,
  invalidPassword,
  passwordProtected,
} from '../contract/errors';
import { withPreloaded } from './preload-library';
import { exitAfterWriteLibrary } from './qpdf-exit/exit-after-write';
import { EngineExitError, type EngineResult, runEngine } from './run-engine';

export interface QpdfOptions {
  signal?: AbortSignal;
  timeoutMs: number;
  maxStdout?: number;
  /** Variables set for qpdf on top of the engines' environment (run-engine.ts). */
  env?: NodeJS.ProcessEnv;
}

/** qpdf exits 3 when it succeeded with warnings (repaired damage): that is a success for the user. */
export async function runQpdf(args: readonly string[], options: QpdfOptions): Promise<EngineResult> {
  try {
    return await runEngine('qpdf', ['--warning-exit-0', ...args], options);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof EngineExitError) throw qpdfFailure(error);
    throw error;
  }
}

/**
 * The server's own trouble (disk, memory, permissions; an output qpdf could not write in full, as
 * qpdf-write-check/write-check.c words it), not the document's.
 */
const SERVER_TROUBLE =
  /no space|ENOSPC|out of memory|bad_alloc|permission denied|too many open files|error writing an output file/i;

/**
 * What a failed qpdf run means for the user: the inputs passed the server's checks, so qpdf refusing
 * them is damaged structure (422, 5002). qpdf's own text names the work folder's files: it stays out
 * of the answer.
 */
export function qpdfFailure(error: EngineExitError, action = 'processed'): DomainError {
  if (SERVER_TROUBLE.test(error.stderr)) return conversionFailed(`The PDF could not be ${action}.`);
  return damagedFile(`The PDF is damaged and could not be ${action}. Try repairing it, or export it again.`);
}

/** Runs a qpdf job file (JSON) that may hold secrets; the file is removed as soon as qpdf has read it. */
async function runQpdfJob(
  workDir: string,
  job: Record<string, unknown>,
  options: QpdfOptions,
): Promise<void> {
  const jobPath = join(workDir, `.qpdf-job-${randomBytes(8).toString('hex')}.json`);
  await writeFile(jobPath, JSON.stringify({ warningExit0: '', ...job }), { mode: 0o600 });
  try {
    await runEngine('qpdf', [`--job-json-file=${jobPath}`], options);
  } finally {
    await rm(jobPath, { force: true });
  }
}

export interface EncryptOptions extends QpdfOptions {
  userPassword: string;
  ownerPassword: string;
  workDir: string;
  /** 256: AES-256 (R6, the default); 128: AES-128 (R4) for old readers. */
  keyBits?: 128 | 256;
}

/** AES encryption with every permission allowed: the password protects opening, nothing else. */
export async function encryptPdf(input: string, output: string, options: EncryptOptions): Promise<void> {
  try {
    await runQpdfJob(
      options.workDir,
      {
        inputFile: input,
        outputFile: output,
        encrypt: {
          userPassword: options.userPassword,
          ownerPassword: options.ownerPassword,
          ...(options.keyBits === 128 ? { '128bit': { useAes: 'y' } } : { '256bit': {} }),
        },
      },
      options,
    );
  } catch (error) {
    if (error instanceof EngineExitError) throw qpdfFailure(error, 'encrypted');
    throw error;
  }
}

/** Removes encryption; a password qpdf rejects is the contract's 422 InvalidPassword. */
export async function decryptPdf(
  input: string,
  output: string,
  options: QpdfOptions & { password: string; workDir: string },
): Promise<void> {
  try {
    await runQpdfJob(
      options.workDir,
      { inputFile: input, outputFile: output, password: options.password, decrypt: '' },
      options,
    );
  } catch (error) {
    if (error instanceof EngineExitError && /invalid password/i.test(error.stderr)) {
      throw invalidPassword('The password is incorrect. Check it and try again.');
    }
    if (error instanceof EngineExitError) throw qpdfFailure(error, 'decrypted');
    throw error;
  }
}

/**
 * One page selection: a file and its qpdf page range ('1-3,5', 'z' for the last page; undefined = all).
 */
export interface PageSelection {
  path: string;
  range?: string;
}

/**
 * Assembling from this many files on, qpdf runs on jemalloc (Debian's libjemalloc2, preloaded): most of
 * its time there is malloc and free of the inputs' object tables (50 files, 110 pages: 83-85 ms
 * instead of 97-99; 20 files 40 instead of 43). Below, loading the library costs what it saves.
 */
const JEMALLOC_FROM_FILES = 10;

/**
 * jemalloc's options for those runs: its heap on transparent huge pages (where the kernel offers them,
 * on request or always). The page faults of a 50-file assembly fall from about 6,300 to 2,000 and it
 * takes 75 ms instead of 84 (20 files 35 instead of 37, 10 files 16 instead of 18; medians of 40 runs
 * in turn), for about 5 MB more memory while it runs.
 */
const ASSEMBLY_MALLOC_CONF = 'thp:always';

/**
 * What qpdf's environment adds for an assembly from `files` distinct files: jemalloc from 10 files on,
 * and always the library that ends qpdf once the output is written (qpdf-exit/exit-after-write.c: a
 * 50-file merge does not wait through the freeing of its 50 inputs).
 */
export function assemblyEnv(files: number): NodeJS.ProcessEnv {
  const jemalloc = files >= JEMALLOC_FROM_FILES ? jemallocLibrary() : undefined;
  return withPreloaded(jemalloc ? { MALLOC_CONF: ASSEMBLY_MALLOC_CONF } : {}, [
    exitAfterWriteLibrary(),
    jemalloc,
  ]);
}

/** Concatenates page selections into a new PDF (`qpdf --empty --pages ... --`), in the order given. */
export async function assemblePages(
  selections: readonly PageSelection[],
  output: string,
  options: QpdfOptions,
): Promise<void> {
  const pagesArgs = selections.flatMap((selection) =>
    selection.range ? [selection.path, selection.range] : [selection.path],
  );
  const env = { ...options.env, ...assemblyEnv(new Set(selections.map((selection) => selection.path)).size) };
  await runQpdf(['--empty', '--pages', ...pagesArgs, '--', output], { ...options, env });
}

/**
 * Rotates pages by `angle` (added to each page's current /Rotate) in qpdf page-range syntax.
 */
export async function rotatePages(
  input: string,
  output: string,
  angle: 90 | 180 | 270,
  range: string,
  options: QpdfOptions,
): Promise<void> {
  await runQpdf([`--rotate=+${angle}:${range}`, '--', input, output], options);
}

/** The lossless pass's packing: objects into object streams, streams left uncompressed deflated. */
export const PACK_FLAGS = ['--object-streams=generate', '--compress-streams=y'];
/**
 * And its recompression of Flate streams. zlib level 6: on Ghostscript's output of the bench's files,
 * level 9 is 0.8 % smaller for twice the time, levels 1 to 3 larger than not recompressing at all
 * (`npm run bench -- pdf-tools` prints the table).
 */
export const RECOMPRESS_FLAGS = ['--recompress-flate', '--compression-level=6'];
const LOSSLESS_FLAGS = [...PACK_FLAGS, ...RECOMPRESS_FLAGS];

/**
 * Lossless size reduction: object streams, recompressed Flate streams (unless `recompress` is false:
 * a file whose Flate streams are packed tightly already, compress's pdf-compress/flate-images.ts),
 * unused objects dropped.
 */
export async function optimizePdfLosslessly(
  input: string,
  output: string,
  options: QpdfOptions,
  recompress = true,
): Promise<void> {
  await runQpdf([...(recompress ? LOSSLESS_FLAGS : PACK_FLAGS), '--', input, output], options);
}

/**
 * The lossless pass plus qpdf's image optimisation: images that JPEG stores smaller are re-encoded as
 * JPEG; fonts, text and everything else stay as they are (compress's fallback when Ghostscript's
 * rewrite changes the text).
 */
export async function recompressImagesOnly(
  input: string,
  output: string,
  options: QpdfOptions,
): Promise<void> {
  await runQpdf([...LOSSLESS_FLAGS, '--optimize-images', '--', input, output], options);
}

/** Page numbers (1-based) as a compact qpdf range: [1,2,3,5] -> '1-3,5' (core's format, no spaces). */
export function toQpdfRange(pages: readonly number[]): string {
  return formatPageRange(pages).replaceAll(' ', '');
}

/**
 * Splits into files of `pagesPerFile` pages in one qpdf run; returns their paths in page order.
 * `outputDir` must be empty (the parts are found by listing it).
 */
export async function splitIntoChunks(
  input: string,
  outputDir: string,
  pagesPerFile: number,
  options: QpdfOptions,
): Promise<string[]> {
  await runQpdf([`--split-pages=${pagesPerFile}`, '--', input, join(outputDir, 'part-%d.pdf')], options);
  // qpdf zero-pads the page numbers in the names, so name order is page order.
  return (await readdir(outputDir))
    .filter((name) => name.startsWith('part-') && name.endsWith('.pdf'))
    .sort()
    .map((name) => join(outputDir, name));
}

/** Rewrites a PDF through qpdf, which repairs broken cross-reference tables and streams it can recover. */
export async function repairPdf(input: string, output: string, options: QpdfOptions): Promise<void> {
  await runQpdf(['--object-streams=disable', '--', input, output], options);
}

/** How many interactive form fields a PDF has (Ghostscript's rewrite drops them, qpdf's keeps them). */
export async function countFormFields(path: string, options: QpdfOptions): Promise<number> {
  // A form's JSON is small; the cap only bounds what a hostile file can make qpdf print.
  const { stdout } = await runQpdf(['--json=2', '--json-key=acroform', '--', path], {
    ...options,
    maxStdout: 64 * 1024 * 1024,
  });
  const json = JSON.parse(stdout.toString('utf8')) as { acroform?: { fields?: unknown[] } };
  return json.acroform?.fields?.length ?? 0;
}

/**
 * The page count as qpdf reads the file (it repairs small damage itself). A file that needs a user
 * password is PasswordProtected without `password` and InvalidPassword with a wrong one; a file qpdf
 * cannot read at all, or one without pages, is DamagedFile. The password travels through stdin, never
 * argv, where other processes could read it.
 */
export async function qpdfPageCount(
  path: string,
  options: QpdfOptions & { password?: string },
): Promise<number> {
  const { password, ...run } = options;
  const passwordArgs = password !== undefined ? ['--password-file=-'] : [];
  let pages: number;
  try {
    const { stdout } = await runEngine(
      'qpdf',
      ['--warning-exit-0', ...passwordArgs, '--show-npages', '--', path],
      {
        ...run,
        stdin: password !== undefined ? `${password}\n` : undefined,
      },
    );
    pages = Number.parseInt(stdout.toString('utf8').trim(), 10);
  } catch (error) {
    if (error instanceof EngineExitError && /invalid password/i.test(error.stderr))
      throw password !== undefined ? invalidPassword() : passwordProtected();
    if (error instanceof EngineExitError) throw damagedFile();
    throw error;
  }
  if (!Number.isInteger(pages) || pages < 1) throw damagedFile('The PDF has no pages.');
  return pages;
}

/** Codes that mean the file itself cannot be read (not a timeout, an abort or the server's trouble). */
const UNREADABLE = new Set<number>([
  ErrorCode.DamagedFile,
  ErrorCode.PasswordProtected,
  ErrorCode.InvalidPassword,
]);

/**
 * Page count of an engine's output, or 0 when qpdf cannot read it. Ghostscript exits 0 even when it
 * wrote an empty or partial file, so its outputs are checked before anyone gets them.
 */
export async function outputPageCount(path: string, options: QpdfOptions): Promise<number> {
  try {
    return await qpdfPageCount(path, options);
  } catch (error) {
    // an unreadable file has no pages; a timeout or an abort is still the caller's to see
    if (error instanceof DomainError && UNREADABLE.has(error.code)) return 0;
    throw error;
  }
}
