/**
 * Compress's lossy candidate: Ghostscript's rewrite at the preset's resolution, packed by qpdf's
 * lossless pass, accepted only with every page and the text of every page kept. The text of
 * Ghostscript's output is read while qpdf packs it (packing changes no content stream). Ghostscript
 * runs once over the file; only pages whose text it changed are rewritten a second time.
 */
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError, ErrorCode } from '../../contract/errors';
import { type DownsampleOptions, downsamplePdf, type GhostscriptOptions } from '../../engines/ghostscript';
import { optimizePdfLosslessly, outputPageCount } from '../../engines/qpdf';
import { worthRecompressing } from './flate-images';
import { GraftRefused, graftPages } from './graft-pages';

export interface DownsampleJob {
  workDir: string;
  options: GhostscriptOptions;
  /** The input's page count (qpdf's reading). */
  pages: number;
  /** True when the candidate has every page with the original's text. */
  keepsText(candidate: string): Promise<boolean>;
  /** The 1-based pages whose text the candidate changed; undefined when unreadable or not as many pages. */
  changedPages(candidate: string): Promise<number[] | undefined>;
  /** True when the candidate's pages have the text of the original's `pages`, in that order. */
  keepsPages(candidate: string, pages: readonly number[]): Promise<boolean>;
}

const PDF_HEADER = '%PDF-';
/**
 * At most this many pages are reread and grafted (and never more than a quarter of the file): the
 * graft holds their content in memory as JSON; more pages go through a second run over the file.
 */
const MOST_PAGES_GRAFTED = 50;

/**
 * Ghostscript interprets a file as PDF only when it starts with the header; PDF readers (qpdf too)
 * also accept one further in, so a PostScript polyglot uploaded as .pdf passes their checks and
 * Ghostscript would run its PostScript. Such files reach Ghostscript only through qpdf's rewrite.
 */
async function startsWithPdfHeader(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(PDF_HEADER.length), 0, PDF_HEADER.length, 0);
    return bytesRead === PDF_HEADER.length && buffer.toString('latin1') === PDF_HEADER;
  } finally {
    await file.close();
  }
}

/**
 * True when qpdf packed Ghostscript's `input` into `output` (recompressing its Flate streams only when
 * its Flate images make that worth it: flate-images.ts) and reads `pages` pages there; false when it
 * could not.
 */
async function packed(input: string, output: string, pages: number, job: DownsampleJob): Promise<boolean> {
  try {
    await optimizePdfLosslessly(input, output, job.options, await worthRecompressing(input));
    return (await outputPageCount(output, job.options)) === pages;
  } catch (error) {
    // Ghostscript's output is not readable: that candidate is dropped, the user's file is not at fault
    if (error instanceof DomainError && error.code === ErrorCode.DamagedFile) return false;
    throw error;
  }
}

/** Ghostscript's rewrite; false when Ghostscript found pages it cannot interpret (qpdf-only then). */
async function rewritten(input: string, output: string, dpi: number, options: DownsampleOptions) {
  try {
    await downsamplePdf(input, output, dpi, options);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.DamagedFile) return false;
    throw error;
  }
}

/** The smaller of two files. */
async function smaller(first: string, second: string): Promise<string> {
  return (await stat(second)).size < (await stat(first)).size ? second : first;
}

/**
 * Ghostscript's former interpreter over only `changed` (the pages its current one misread); the
 * rewrite, or undefined when it misreads one of them too (over the whole file it would as well).
 */
async function pagesReread(
  source: string,
  changed: readonly number[],
  dpi: number,
  job: DownsampleJob,
): Promise<string | undefined> {
  const reread = join(job.workDir, 'compress-gs-pages.pdf');
  const legacy = { ...job.options, legacyInterpreter: true, pages: changed };
  if (!(await rewritten(source, reread, dpi, legacy))) return undefined;
  return (await job.keepsPages(reread, changed)) ? reread : undefined;
}

/** What grafting gave: the result, or whether the whole file is worth a second run. */
type Grafted = { result: string } | { result?: undefined; wholeFile: boolean };

/** The reread pages grafted onto `best` (the current interpreter's result), verified whole. */
async function grafted(
  best: string,
  reread: string,
  changed: readonly number[],
  job: DownsampleJob,
): Promise<Grafted> {
  const output = join(job.workDir, 'compress-gs-grafted.pdf');
  try {
    const grafts = changed.map((targetPage, index) => ({ targetPage, donorPage: index + 1 }));
    await graftPages(best, reread, grafts, output, { ...job.options, workDir: job.workDir });
  } catch (error) {
    // another size or turn, or a donor qpdf cannot read: the whole file's second run may still do
    const unusable = error instanceof DomainError && error.code === ErrorCode.DamagedFile;
    if (error instanceof GraftRefused || unusable) return { wholeFile: true };
    throw error;
  }
  // the whole result is read again: what the user gets is what was verified
  return (await job.keepsText(output)) ? { result: output } : { wholeFile: false };
}

/**
 * Ghostscript's rewrite (packed by qpdf when that is smaller) keeping every page's text, or
 * undefined. Its current interpreter rewrites some ToUnicode maps wrongly (cidrange entries), the
 * former one keeps them but misreads others: a few pages the current one changed are reread by the
 * former one alone and grafted in; when it changed more (or every page), or the file could not be
 * read, the former one rewrites the whole file.
 */
export async function downsampledKeepingText(
  input: string,
  dpi: number,
  job: DownsampleJob,
): Promise<string | undefined> {
  let source = input;
  if (!(await startsWithPdfHeader(input))) {
    source = join(job.workDir, 'compress-source.pdf');
    await optimizePdfLosslessly(input, source, job.options);
  }
  const output = join(job.workDir, 'compress-gs.pdf');
  const pack = join(job.workDir, 'compress-gs-qpdf.pdf');
  if (!(await rewritten(source, output, dpi, job.options))) return undefined;
  const packing = packed(output, pack, job.pages, job);
  // settled below on every path; an early return must not leave its rejection unhandled
  packing.catch(() => undefined);
  const changed = await job.changedPages(output);
  if (changed?.length === 0) return (await packing) ? smaller(output, pack) : undefined;
  const most = Math.min(MOST_PAGES_GRAFTED, Math.ceil(job.pages / 4), job.pages - 1);
  if (changed && changed.length <= most) {
    // the few pages are reread while qpdf still packs the rest
    const [sound, reread] = await Promise.all([packing, pagesReread(source, changed, dpi, job)]);
    if (!reread) return undefined;
    if (sound) {
      const result = await grafted(await smaller(output, pack), reread, changed, job);
      if (result.result !== undefined || !result.wholeFile) return result.result;
    }
  } else await packing;
  const legacy = join(job.workDir, 'compress-gs-legacy.pdf');
  const legacyPack = join(job.workDir, 'compress-gs-legacy-qpdf.pdf');
  if (!(await rewritten(source, legacy, dpi, { ...job.options, legacyInterpreter: true }))) return undefined;
  const [kept, legacySound] = await Promise.all([
    job.keepsText(legacy),
    packed(legacy, legacyPack, job.pages, job),
  ]);
  return kept && legacySound ? smaller(legacy, legacyPack) : undefined;
}
