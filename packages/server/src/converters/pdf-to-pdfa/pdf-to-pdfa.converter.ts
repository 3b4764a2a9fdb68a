/**
 * pdf/to/pdfa: PDF/A with Ghostscript. PdfaVersion PdfA1b, PdfA2b (default), PdfA2u, PdfA3b, PdfA3u.
 * Colours become sRGB with an sRGB OutputIntent, every font is embedded, the XMP carries pdfaid
 * part/conformance, and the document's Title is kept in Info and XMP alike (pdfa-metadata.ts).
 * There is no validator on this machine: the tests check those properties with qpdf and poppler.
 */
import { join, parse } from 'node:path';
import { DEFAULT_PDFA_VERSION, PDFA_VERSIONS } from '@docstudio/core';
import { convertToPdfa, type PdfaPart } from '../../engines/ghostscript';
import { inspectPdf } from '../../engines/pdf-inspect';
import { invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { finishPdfaMetadata, readPdfTitle } from './pdfa-metadata';

interface PdfaTarget {
  part: PdfaPart;
  conformance: 'B' | 'U';
}

/** 'PdfA2u' -> part 2, level U: the catalogue's choices read as what Ghostscript is asked for. */
function targetOf(version: string): PdfaTarget | undefined {
  const match = /^pdfa([123])([bu])$/i.exec(version.trim());
  if (!match || !PDFA_VERSIONS.some((choice) => choice.value.toLowerCase() === version.trim().toLowerCase())) {
    return undefined;
  }
  return { part: Number(match[1]) as PdfaPart, conformance: match[2]?.toUpperCase() === 'U' ? 'U' : 'B' };
}

/**
 * The catalogue's workflow-only ConformanceLevel ('1B' .. '3B') overrides PdfaVersion when set. Level A
 * (accessible) needs a tagged structure Ghostscript cannot make, so it is refused rather than faked.
 */
function readTarget(params: Readonly<Record<string, string>>): { target?: PdfaTarget; errors?: Record<string, string[]> } {
  const level = params.ConformanceLevel?.trim();
  if (level) {
    const match = /^([123])([ab])$/i.exec(level);
    if (!match) return { errors: { ConformanceLevel: ['ConformanceLevel must be one of 1B, 2B, 3B.'] } };
    if (match[2]?.toUpperCase() === 'A') {
      return { errors: { ConformanceLevel: ['PDF/A level A is not supported: choose 1B, 2B or 3B.'] } };
    }
    return { target: { part: Number(match[1]) as PdfaPart, conformance: 'B' } };
  }
  const version = params.PdfaVersion ?? DEFAULT_PDFA_VERSION;
  const target = targetOf(version);
  if (!target) {
    const names = PDFA_VERSIONS.map((choice) => choice.value).join(', ');
    return { errors: { PdfaVersion: [`PdfaVersion must be one of ${names}.`] } };
  }
  return { target };
}

export function validatePdfaParameters(params: Readonly<Record<string, string>>): Record<string, string[]> | null {
  return readTarget(params).errors ?? null;
}

async function convertPdfToPdfa(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const { target: version, errors } = readTarget(ctx.params);
  if (errors || !version) throw invalidParameters(errors ?? {});
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  await inspectPdf(file.path, { signal: ctx.signal });
  const output = join(ctx.workDir, 'result-pdfa.pdf');
  await convertToPdfa(file.path, output, version.part, {
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: ctx.deadline,
  });
  await finishPdfaMetadata(output, { title: await readPdfTitle(file.path), conformance: version.conformance });
  return [{ path: output, fileName: `${parse(file.fileName).name}-pdfa.pdf` }];
}

export const pdfToPdfaConverter: Converter = {
  endpoint: 'pdf/to/pdfa',
  engine: 'ghostscript',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 50 * 1024 * 1024,
  validate: validatePdfaParameters,
  convert: convertPdfToPdfa,
};
