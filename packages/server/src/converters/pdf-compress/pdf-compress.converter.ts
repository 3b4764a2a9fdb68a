/**
 * pdf/to/compress. Preset picks the image resolution Ghostscript downsamples to (the catalogue's
 * presets: text 20, archive 40, web 75, ebook 150 (default), printer 300 DPI).
 *
 * One lossy pass and one lossless pass: Ghostscript rewrites the original (images downsampled and
 * re-encoded, fonts subset), then qpdf packs that (object streams; Flate recompressed at the level
 * bench/ measured, engines/qpdf.ts, when Ghostscript left Flate images worth it: flate-images.ts). The text of every page is read before (while Ghostscript runs) and after (while
 * qpdf packs); the result must keep it (text-kept.ts). When Ghostscript changed it, its former PDF
 * interpreter rewrites the pages it changed and those are grafted in (or, when it changed every page,
 * the whole file is rewritten again); when that changes it too, qpdf's image-only
 * recompression (JPEG where smaller, fonts untouched) stands in. Fillable forms and protected files
 * get only the lossless pass: Ghostscript would drop their fields and their protection. When the
 * lossy result is not smaller than the input, the lossless pass over the original is tried; when
 * nothing helps, the original comes back unchanged (same bytes). Always named 'report-compressed.pdf'.
 */
import { copyFile, stat } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { COMPRESSION_PRESETS, type CompressionPreset } from '@docstudio/core';
import { DomainError, ErrorCode, invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { countFormFields, optimizePdfLosslessly, recompressImagesOnly } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { type ParameterReading, readCatalogue, refused, type SentParameters } from '../tool-parameters';
import { type DownsampleJob, downsampledKeepingText } from './downsampled-keeping-text';
import { changedPages, pageCharacters, sameText } from './text-kept';

const ENDPOINT = 'pdf/to/compress';

/** The catalogue's reading of Preset, as the preset it names (with its target resolution). */
function readCompressParameters(sent: SentParameters): ParameterReading<CompressionPreset> {
  const reading = readCatalogue('pdf-compress', sent);
  if (!reading.ok) return reading;
  // The catalogue's Preset choices are these presets, so a checked reading always names one.
  const preset = COMPRESSION_PRESETS.find((choice) => choice.value === reading.params.Preset);
  return preset ? { ok: true, params: preset } : refused({ Preset: ['Unknown Preset.'] });
}

/**
 * `lossy`'s result, or undefined for a fillable form. Ghostscript starts while qpdf counts the form
 * fields (forms are rare, the count takes up to ~0.1 s); a form stops it and its work is dropped.
 */
async function unlessForm(
  path: string,
  options: { signal: AbortSignal; timeoutMs: number },
  lossy: (signal: AbortSignal) => Promise<string | undefined>,
): Promise<string | undefined> {
  const stop = new AbortController();
  const abort = () => stop.abort();
  options.signal.addEventListener('abort', abort, { once: true });
  const result = lossy(stop.signal);
  // settled below on every path; a rejection after the abort is expected
  result.catch(() => undefined);
  try {
    if ((await countFormFields(path, options)) === 0) return await result;
    stop.abort();
    await result.catch(() => undefined);
    return undefined;
  } catch (error) {
    stop.abort();
    await result.catch(() => undefined);
    throw error;
  } finally {
    options.signal.removeEventListener('abort', abort);
  }
}

/** Ghostscript's rewrite keeping the text, else qpdf's image-only recompression keeping it. */
async function lossyKeepingText(input: string, dpi: number, job: DownsampleJob): Promise<string | undefined> {
  const downsampled = await downsampledKeepingText(input, dpi, job);
  if (downsampled) return downsampled;
  const imagesOnly = join(job.workDir, 'compress-images-only.pdf');
  await recompressImagesOnly(input, imagesOnly, job.options);
  return (await job.keepsText(imagesOnly)) ? imagesOnly : undefined;
}

async function compressPdf(ctx: ConverterContext<CompressionPreset>): Promise<ConverterResultFile[]> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  const options = { signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) };
  // read while Ghostscript runs, and Ghostscript is the longer: one worker, so it keeps a core to itself
  const text = pageCharacters(file.path, ctx, facts.pages, 1);
  // a failure here is reported by whoever awaits it; an unawaited rejection must not crash the server
  text.catch(() => undefined);
  const readable = (candidate: string, pages: number) =>
    pageCharacters(candidate, ctx, pages).catch((error: unknown) => {
      // an engine's output MuPDF cannot read keeps nothing; a timeout or an abort is still the job's
      if (error instanceof DomainError && error.code === ErrorCode.DamagedFile) return undefined;
      throw error;
    });
  const keepsText = async (candidate: string) => {
    const after = await readable(candidate, facts.pages);
    return after !== undefined && sameText(await text, after);
  };
  const changedPagesOf = async (candidate: string) => {
    const [before, after] = await Promise.all([text, readable(candidate, facts.pages)]);
    return after && after.length === before.length ? changedPages(before, after) : undefined;
  };
  const keepsPages = async (candidate: string, pages: readonly number[]) => {
    const [before, after] = await Promise.all([text, readable(candidate, pages.length)]);
    const wanted = pages.map((page) => before[page - 1] ?? '');
    return after !== undefined && sameText(wanted, after);
  };
  const sizeOf = async (path: string) => (await stat(path)).size;
  const inputSize = await sizeOf(file.path);

  let best: string | undefined;
  // Ghostscript drops form fields and protection; qpdf's lossless pass keeps both, so those inputs
  // stay lossless (an owner-restricted file opens without a password but must stay protected).
  if (!facts.encrypted) {
    const job = { ...ctx, options, pages: facts.pages, keepsText, changedPages: changedPagesOf, keepsPages };
    best = await unlessForm(file.path, options, (signal) =>
      lossyKeepingText(file.path, ctx.params.dpi, { ...job, options: { ...options, signal } }),
    );
  }
  if (!best || (await sizeOf(best)) >= inputSize) {
    // nothing lossy was allowed or it did not help: the lossless pass over the original
    const packed = join(ctx.workDir, 'compress-qpdf.pdf');
    await optimizePdfLosslessly(file.path, packed, options);
    if ((!best || (await sizeOf(packed)) < (await sizeOf(best))) && (await keepsText(packed))) best = packed;
  }
  // never larger than what the user sent: then the original comes back, byte for byte
  if (!best || (await sizeOf(best)) >= inputSize) best = file.path;
  const output = join(ctx.workDir, 'result-compressed.pdf');
  await copyFile(best, output);
  return [{ path: output, fileName: `${parse(file.fileName).name}-compressed.pdf` }];
}

export const pdfCompressConverter: Converter<CompressionPreset> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'ghostscript',
  readParameters: readCompressParameters,
  convert: compressPdf,
};
