/**
 * pdf/to/compress. Preset picks the image resolution Ghostscript downsamples to (the catalogue's
 * presets: text 20, archive 40, web 75, ebook 150 (default), printer 300 DPI). Candidates: a lossless
 * qpdf pass over the original (object streams, recompressed Flate), Ghostscript's rewrite of that,
 * and a lossless pass over Ghostscript's output; the smallest wins. Fillable forms and owner-protected
 * files get only the lossless pass: Ghostscript would drop their fields and their protection. The user
 * never gets a file larger than the one they sent: when nothing helps, the original comes back
 * unchanged (same bytes), still named 'report-compressed.pdf'. Every candidate must keep the text of
 * every page (text-kept.ts); when Ghostscript's rewrite changes it, Ghostscript runs again with its
 * former PDF interpreter, and when that changes it too, qpdf's image-only recompression (JPEG where
 * smaller, fonts untouched) stands in for Ghostscript's candidates.
 */
import { copyFile, stat } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { COMPRESSION_PRESETS, type CompressionPreset } from '@docstudio/core';
import { invalidParameters } from '../../contract/errors';
import { downsamplePdf } from '../../engines/ghostscript';
import { inspectPdf } from '../../engines/pdf-inspect';
import {
  countFormFields,
  optimizePdfLosslessly,
  outputPageCount,
  recompressImagesOnly,
} from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { type ParameterReading, readCatalogue, refused, type SentParameters } from '../tool-parameters';
import { pageCharacters, sameText } from './text-kept';

const ENDPOINT = 'pdf/to/compress';

async function sizeOf(path: string): Promise<number> {
  return (await stat(path)).size;
}

/** The catalogue's reading of Preset, as the preset it names (with its target resolution). */
function readCompressParameters(sent: SentParameters): ParameterReading<CompressionPreset> {
  const reading = readCatalogue('pdf-compress', sent);
  if (!reading.ok) return reading;
  // The catalogue's Preset choices are these presets, so a checked reading always names one.
  const preset = COMPRESSION_PRESETS.find((choice) => choice.value === reading.params.Preset);
  return preset ? { ok: true, params: preset } : refused({ Preset: ['Unknown Preset.'] });
}

async function compressPdf(ctx: ConverterContext<CompressionPreset>): Promise<ConverterResultFile[]> {
  const preset = ctx.params;
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  const options = { signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) };

  const downsampled = join(ctx.workDir, 'compress-gs.pdf');
  const downsampledPacked = join(ctx.workDir, 'compress-gs-qpdf.pdf');
  const originalPacked = join(ctx.workDir, 'compress-qpdf.pdf');
  // qpdf's lossless rewrite comes first and is what Ghostscript reads: a file qpdf wrote is PDF from
  // its first byte, so a PostScript polyglot uploaded as .pdf can never reach Ghostscript's interpreter.
  // qpdf keeps an input's encryption when it rewrites, so this pass is safe for every input.
  await optimizePdfLosslessly(file.path, originalPacked, options);
  const text = await pageCharacters(file.path, ctx);
  const keepsText = async (candidate: string) => sameText(text, await pageCharacters(candidate, ctx));
  const candidates = (await keepsText(originalPacked)) ? [originalPacked] : [];
  // Ghostscript drops form fields and protection; qpdf's lossless pass keeps both, so those inputs
  // stay lossless (an owner-restricted file opens without a password but must stay protected).
  if (!facts.encrypted && (await countFormFields(file.path, options)) === 0) {
    // Ghostscript can exit 0 with pages missing: a smaller file that lost pages must never win, and
    // neither may one whose text changed (the packed copy has the same text as its source).
    const sound = async (output: string) =>
      (await outputPageCount(output, options)) === facts.pages && (await keepsText(output));
    await downsamplePdf(originalPacked, downsampled, preset.dpi, options);
    let downsampledOk = await sound(downsampled);
    if (!downsampledOk) {
      // the text changed: Ghostscript's former PDF interpreter keeps the ToUnicode maps the new one breaks
      await downsamplePdf(originalPacked, downsampled, preset.dpi, { ...options, legacyInterpreter: true });
      downsampledOk = await sound(downsampled);
    }
    if (downsampledOk) {
      await optimizePdfLosslessly(downsampled, downsampledPacked, options);
      candidates.push(downsampled, downsampledPacked);
    } else {
      const imagesOnly = join(ctx.workDir, 'compress-images-only.pdf');
      await recompressImagesOnly(file.path, imagesOnly, options);
      if (await keepsText(imagesOnly)) candidates.push(imagesOnly);
    }
  }

  let best = file.path;
  let bestSize = file.size > 0 ? file.size : await sizeOf(file.path);
  for (const candidate of candidates) {
    const size = await sizeOf(candidate);
    if (size < bestSize) {
      best = candidate;
      bestSize = size;
    }
  }
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
