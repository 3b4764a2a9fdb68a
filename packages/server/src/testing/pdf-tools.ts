/**
 * Test support for the PDF tool converters: a private work folder with copies of corpus files, the
 * converter context the HTTP layer would build, and independent checks through poppler and qpdf
 * (never through the code under test).
 */
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach } from 'vitest';
import type { ConverterContext } from '../converters/converter.types';
import type { SentParameters } from '../converters/tool-parameters';
import { CORPUS_DIR, REPO_CORPUS_DIR } from './corpus';

const exec = promisify(execFile);

export const CORPUS = CORPUS_DIR;
export const corpusFile = (relative: string): string => join(CORPUS, relative);
/** A file of the repository's own corpus (tests/corpus). */
export const repoCorpusFile = (relative: string): string => join(REPO_CORPUS_DIR, relative);

export interface TestJob {
  workDir: string;
  /** The context with the tool fields as sent: call the converter through convertAsSent. */
  context(
    files: readonly string[],
    params?: Record<string, string>,
  ): Promise<ConverterContext<SentParameters>>;
  cleanup(): Promise<void>;
}

/**
 * The inputs every PDF tool must refuse with 422, each with its contract code: a damaged file (5002),
 * an empty one (5002, written into the job's folder) and a password-protected one (5003).
 */
export async function unreadablePdfs(job: TestJob): Promise<Array<readonly [string, 5002 | 5003]>> {
  const empty = join(job.workDir, 'empty.pdf');
  await writeFile(empty, '');
  return [
    [corpusFile('pdf-malformed/invalid.pdf'), 5002],
    [empty, 5002],
    [corpusFile('pdf-encrypted/r6-both-passwords.pdf'), 5003],
  ];
}

/**
 * A fresh TestJob for every test of the file (made in beforeEach, deleted in afterEach); call at the
 * top of a test file and use `job()` inside tests.
 */
export function useTestJob(): () => TestJob {
  let current: TestJob | undefined;
  beforeEach(async () => {
    current = await createTestJob();
  });
  afterEach(() => current?.cleanup());
  return () => {
    if (!current) throw new Error('The test job exists only inside tests (after beforeEach).');
    return current;
  };
}

export async function createTestJob(): Promise<TestJob> {
  const workDir = await mkdtemp(join(tmpdir(), 'docstudio-pdf-tools-'));
  let counter = 0;
  return {
    workDir,
    async context(files, params = {}) {
      const inputs = [];
      for (const source of files) {
        counter += 1;
        const path = join(workDir, `input-${counter}${extname(source)}`);
        await copyFile(source, path);
        inputs.push({
          path,
          fileName: basename(source),
          ext: extname(source).slice(1).toLowerCase(),
          size: (await stat(path)).size,
        });
      }
      return {
        files: inputs,
        params,
        workDir,
        signal: new AbortController().signal,
        deadlineAt: Date.now() + 120_000,
      };
    },
    cleanup: () => rm(workDir, { recursive: true, force: true }),
  };
}

export async function run(command: string, args: readonly string[]): Promise<string> {
  const { stdout } = await exec(command, [...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** Exit code of a command (qpdf --requires-password answers with its exit code). */
export async function exitCode(command: string, args: readonly string[]): Promise<number> {
  try {
    await exec(command, [...args]);
    return 0;
  } catch (error) {
    return (error as { code?: number }).code ?? -1;
  }
}

export async function pageCount(path: string, password?: string): Promise<number> {
  const passwordArgs = password ? [`--password=${password}`] : [];
  return Number.parseInt((await run('qpdf', [...passwordArgs, '--show-npages', path])).trim(), 10);
}

/** Each page's effective rotation as poppler reports it (inherited /Rotate included). */
export async function pageRotations(path: string): Promise<number[]> {
  const out = await run('pdfinfo', ['-f', '1', '-l', '100000', path]);
  return [...out.matchAll(/^Page\s+\d+ rot:\s+(\d+)/gm)].map((match) => Number(match[1]));
}

export async function pageText(path: string, page: number): Promise<string> {
  return run('pdftotext', ['-f', String(page), '-l', String(page), '-layout', path, '-']);
}

/** What `qpdf --check` objects to in `path` (its warnings, the file's name as FILE): [] when clean. */
export async function qpdfCheckWarnings(path: string): Promise<string[]> {
  const { stdout, stderr } = await exec('qpdf', ['--check', path]).catch(
    (error: { stdout: string; stderr: string }) => error,
  );
  return `${stdout}\n${stderr}`
    .split('\n')
    .filter((line) => /^(WARNING|qpdf: )/.test(line))
    .map((line) => line.replaceAll(path, 'FILE'));
}

export async function fileSize(path: string): Promise<number> {
  return (await stat(path)).size;
}

/** One image as `pdfimages -list` reports it (poppler: an independent reader of the file's images). */
export interface ListedImage {
  page: number;
  /** Its number in the listing, from 0 across the whole file. */
  num: number;
  /** 'image', or what it serves as: 'mask', 'smask', 'stencil'. */
  type: string;
  width: number;
  height: number;
  color: string;
  components: number;
  bitsPerComponent: number;
  /** How the image is stored: 'jpeg', 'jpx', 'jbig2', 'ccitt', or 'image' (Flate or none). */
  encoding: string;
  xPpi: number;
  yPpi: number;
  /** Its stream's stored size, from poppler's rounded figure ('12.3K'); NaN where it prints none. */
  bytes: number;
}

const SIZE_UNITS: Record<string, number> = { B: 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 };

/** Every image of `path`, in poppler's order (page by page). */
export async function listedImages(path: string): Promise<ListedImage[]> {
  const rows = (await run('pdfimages', ['-list', path])).split('\n').slice(2); // header and rule
  return rows
    .filter((row) => row.trim() !== '')
    .map((row) => {
      const cells = row.trim().split(/\s+/);
      const number = (index: number) => Number(cells[index]);
      const size = /^([\d.]+)([BKMG])$/.exec(cells[14] ?? '');
      return {
        page: number(0),
        num: number(1),
        type: cells[2] ?? '',
        width: number(3),
        height: number(4),
        color: cells[5] ?? '',
        components: number(6),
        bitsPerComponent: number(7),
        encoding: cells[8] ?? '',
        xPpi: number(12),
        yPpi: number(13),
        bytes: size ? Number(size[1]) * (SIZE_UNITS[size[2] ?? 'B'] ?? 1) : Number.NaN,
      };
    });
}
