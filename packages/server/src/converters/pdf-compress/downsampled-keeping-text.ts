/**
 * Compress's lossy candidate: Ghostscript's rewrite at the preset's resolution, packed by qpdf's
 * lossless pass, accepted only with every page and the text of every page kept. The text of
 * Ghostscript's output is read while qpdf packs it (packing changes no content stream).
 */
import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { DomainError, ErrorCode } from '../../contract/errors';
import { downsamplePdf, type GhostscriptOptions } from '../../engines/ghostscript';
import { optimizePdfLosslessly, outputPageCount } from '../../engines/qpdf';

export interface DownsampleJob {
  workDir: string;
  options: GhostscriptOptions;
  /** The input's page count (qpdf's reading). */
  pages: number;
  keepsText(candidate: string): Promise<boolean>;
}

const PDF_HEADER = '%PDF-';

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

/** True when qpdf packed `input` into `output` and reads `pages` pages there; false when it could not. */
async function packed(input: string, output: string, pages: number, job: DownsampleJob): Promise<boolean> {
  try {
    await optimizePdfLosslessly(input, output, job.options);
    return (await outputPageCount(output, job.options)) === pages;
  } catch (error) {
    // Ghostscript's output is not readable: that candidate is dropped, the user's file is not at fault
    if (error instanceof DomainError && error.code === ErrorCode.DamagedFile) return false;
    throw error;
  }
}

/** Ghostscript's rewrite; false when Ghostscript found pages it cannot interpret (qpdf-only then). */
async function rewritten(input: string, output: string, dpi: number, options: GhostscriptOptions) {
  try {
    await downsamplePdf(input, output, dpi, options);
    return true;
  } catch (error) {
    if (error instanceof DomainError && error.code === ErrorCode.DamagedFile) return false;
    throw error;
  }
}

/**
 * The smaller of Ghostscript's output and its packed copy, or undefined when neither interpreter of
 * Ghostscript keeps every page's text: its new one rewrites some ToUnicode maps wrongly (cidrange
 * entries), the former one keeps them, so it is tried second.
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
  for (const legacyInterpreter of [false, true]) {
    const output = join(job.workDir, 'compress-gs.pdf');
    const pack = join(job.workDir, 'compress-gs-qpdf.pdf');
    if (!(await rewritten(source, output, dpi, { ...job.options, legacyInterpreter }))) return undefined;
    const [kept, sound] = await Promise.all([job.keepsText(output), packed(output, pack, job.pages, job)]);
    if (!kept) continue;
    if (!sound) return undefined;
    return (await stat(pack)).size < (await stat(output)).size ? pack : output;
  }
  return undefined;
}
