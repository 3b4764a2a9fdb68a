/**
 * pdf/to/compress. Preset picks the image resolution Ghostscript downsamples to (spec: text 20,
 * archive 40, web 75, ebook 150, printer 300 DPI). Two candidates are made, Ghostscript's rewrite and a
 * lossless qpdf pass over it (object streams, recompressed Flate), plus the lossless pass over the
 * original; the smallest wins. The user never gets a file larger than the one they sent: when nothing
 * helps, the original comes back unchanged (same bytes), still named 'report-compressed.pdf'.
 */
import { copyFile, stat } from 'node:fs/promises';
import { COMPRESSION_PRESETS, DEFAULT_COMPRESSION_PRESET } from '@docstudio/core';
import { join, parse } from 'node:path';
import { downsamplePdf } from '../../engines/ghostscript';
import { inspectPdf } from '../../engines/pdf-inspect';
import { optimizePdfLosslessly } from '../../engines/qpdf';
import { invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

/** Image resolution (DPI) of each preset: the catalogue's (spec part 2, section 9). */
export const COMPRESSION_PRESET_DPI: Readonly<Record<string, number>> = Object.fromEntries(
  COMPRESSION_PRESETS.map((preset) => [preset.value, preset.dpi]),
);

export function validateCompressParameters(
  params: Readonly<Record<string, string>>,
): Record<string, string[]> | null {
  const preset = params.Preset;
  if (preset !== undefined && !Object.hasOwn(COMPRESSION_PRESET_DPI, preset.trim().toLowerCase())) {
    return { Preset: [`Preset must be one of ${Object.keys(COMPRESSION_PRESET_DPI).join(', ')}.`] };
  }
  return null;
}

async function sizeOf(path: string): Promise<number> {
  return (await stat(path)).size;
}

async function compressPdf(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateCompressParameters(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  const preset = (ctx.params.Preset ?? DEFAULT_COMPRESSION_PRESET).trim().toLowerCase();
  const dpi = COMPRESSION_PRESET_DPI[preset] ?? COMPRESSION_PRESET_DPI[DEFAULT_COMPRESSION_PRESET] ?? 150;
  const options = { signal: ctx.signal, timeoutMs: ctx.deadline };

  const downsampled = join(ctx.workDir, 'compress-gs.pdf');
  const downsampledPacked = join(ctx.workDir, 'compress-gs-qpdf.pdf');
  const originalPacked = join(ctx.workDir, 'compress-qpdf.pdf');
  const candidates: string[] = [];
  if (!facts.encrypted) {
    // An owner-restricted file opens without a password, but Ghostscript would drop its protection.
    await downsamplePdf(file.path, downsampled, dpi, options);
    candidates.push(downsampled);
    await optimizePdfLosslessly(downsampled, downsampledPacked, options);
    candidates.push(downsampledPacked);
  }
  // qpdf keeps an input's encryption when it rewrites, so this pass is safe for every input.
  await optimizePdfLosslessly(file.path, originalPacked, options);
  candidates.push(originalPacked);

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

export const pdfCompressConverter: Converter = {
  endpoint: 'pdf/to/compress',
  engine: 'ghostscript',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 50 * 1024 * 1024,
  validate: validateCompressParameters,
  convert: compressPdf,
};
