/**
 * pdf/to/pdfa: PDF/A with Ghostscript. PdfaVersion PdfA1b, PdfA2b (default), PdfA2u, PdfA3b, PdfA3u.
 * Colours become sRGB with an sRGB OutputIntent, every font is embedded, the XMP carries pdfaid
 * part/conformance, and the document's Title is kept in Info and XMP alike (pdfa-metadata.ts).
 * There is no validator on this machine: the tests check those properties with qpdf and poppler.
 */
import { rename } from 'node:fs/promises';
import { join, parse } from 'node:path';
import type { ToolParameters } from '@docstudio/core';
import { conversionFailed, invalidParameters } from '../../contract/errors';
import { convertToPdfa, type PdfaPart } from '../../engines/ghostscript';
import { runMupdfTask } from '../../engines/mupdf-worker';
import { inspectPdf } from '../../engines/pdf-inspect';
import { outputPageCount, repairPdf } from '../../engines/qpdf';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { pageCharacters, sameText } from '../pdf-compress/text-kept';
import { type ParameterReading, readCatalogue, refused, type SentParameters } from '../tool-parameters';
import { finishPdfaMetadata, readPdfTitle } from './pdfa-metadata';

const ENDPOINT = 'pdf/to/pdfa';

interface PdfaTarget {
  part: PdfaPart;
  conformance: 'B' | 'U';
}

/**
 * What Ghostscript is asked for, from the catalogue's reading: PdfaVersion 'PdfA2u' is part 2,
 * level U; the workflow-only ConformanceLevel ('1B' .. '3B') overrides it when set.
 */
function targetOf(values: ToolParameters<'pdf-to-pdfa'>): PdfaTarget | undefined {
  const level = /^([123])B$/i.exec(values.ConformanceLevel ?? '');
  if (level) return { part: Number(level[1]) as PdfaPart, conformance: 'B' };
  const version = /^PdfA([123])([bu])$/i.exec(values.PdfaVersion);
  if (!version) return undefined;
  return { part: Number(version[1]) as PdfaPart, conformance: version[2]?.toUpperCase() === 'U' ? 'U' : 'B' };
}

/**
 * The catalogue's reading, then one rule of this server: level A (accessible) needs a tagged structure
 * Ghostscript cannot make, so ConformanceLevel 1A/2A/3A is refused rather than claimed falsely. The
 * target Ghostscript is asked for comes out of it.
 */
export function readPdfaParameters(sent: SentParameters): ParameterReading<PdfaTarget> {
  const reading = readCatalogue('pdf-to-pdfa', sent);
  if (!reading.ok) return reading;
  if (/^[123]a$/i.test(sent.ConformanceLevel?.trim() ?? '')) {
    return refused({ ConformanceLevel: ['PDF/A level A is not supported: choose 1B, 2B or 3B.'] });
  }
  const target = targetOf(reading.params);
  // The catalogue's PdfaVersion choices all name a part and a level, so a checked reading has a target.
  return target ? { ok: true, params: target } : refused({ PdfaVersion: ['Unknown PdfaVersion.'] });
}

async function convertPdfToPdfa(ctx: ConverterContext<PdfaTarget>): Promise<ConverterResultFile[]> {
  const version = ctx.params;
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  const output = join(ctx.workDir, 'result-pdfa.pdf');
  // Ghostscript reads qpdf's rewrite, never the upload: PDF from its first byte, so a PostScript
  // polyglot named .pdf cannot reach Ghostscript's interpreter.
  const rewritten = join(ctx.workDir, 'pdfa-input.pdf');
  await repairPdf(file.path, rewritten, { signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) });
  await runMupdfTask(
    { kind: 'pdfa-preflight', path: rewritten, part: version.part },
    ctx.signal,
    ctx.deadlineAt,
  );
  const ghostscript = { workDir: ctx.workDir, signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) };
  await convertToPdfa(rewritten, output, version.part, ghostscript);
  const text = await pageCharacters(file.path, ctx);
  if (!sameText(text, await pageCharacters(output, ctx))) {
    // Ghostscript's PDF interpreter rewrote some text wrongly (a ToUnicode with cidrange entries):
    // its former interpreter keeps it; when that one changes the text too, the first output stays.
    const legacy = join(ctx.workDir, 'result-pdfa-legacy.pdf');
    await convertToPdfa(rewritten, legacy, version.part, { ...ghostscript, legacyInterpreter: true });
    if (sameText(text, await pageCharacters(legacy, ctx))) await rename(legacy, output);
  }
  if (
    (await outputPageCount(output, { signal: ctx.signal, timeoutMs: timeLeftMs(ctx.deadlineAt) })) !==
    facts.pages
  ) {
    throw conversionFailed('Ghostscript could not convert every page of this PDF to PDF/A.');
  }
  await finishPdfaMetadata(output, {
    title: await readPdfTitle(file.path),
    conformance: version.conformance,
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-pdfa.pdf` }];
}

export const pdfToPdfaConverter: Converter<PdfaTarget> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'ghostscript',
  readParameters: readPdfaParameters,
  convert: convertPdfToPdfa,
};
