/**
 * pdf/to/watermark: text on every page (engines/stamp-watermark.ts, in a worker thread of the
 * worker-task registry). Parameters as the spec names them, with its defaults: Text (blank is
 * refused; absent means CONFIDENTIAL), HorizontalAlignment left|center|right and VerticalAlignment
 * top|center|bottom (center), Opacity 10-80 percent (30), FontSize in points (24, the page's
 * 'medium'; 6-144), Rotate 0-360 degrees counter-clockwise (0), TextRenderingMode filltext|stroketext|
 * fillstroke|invisible (filltext), FontColor and StrokeColor #rrggbb (#000000); every choice, range
 * and default is the core catalogue's (watermark.choices.ts). The text uses a
 * standard PDF font, so it is limited to the Windows-1252 (Latin) characters that font can show.
 */

import { join, parse } from 'node:path';
import { sentValue } from '@docstudio/core';
import { damagedFile, invalidParameters, passwordProtected } from '../../contract/errors';
import { stampWatermarkInWorker } from '../../engines/mupdf-worker';
import { inspectPdf } from '../../engines/pdf-inspect';
import { repairPdf } from '../../engines/qpdf';
import type {
  HorizontalAlignment,
  VerticalAlignment,
  WatermarkOptions,
  WatermarkRenderingMode,
} from '../../engines/stamp-watermark';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { type ParameterReading, readCatalogue, refused, type SentParameters } from '../tool-parameters';

const ENDPOINT = 'pdf/to/watermark';

/** Characters Helvetica's WinAnsi encoding has (printable Latin-1 plus the cp1252 extras). */
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.includes(char);
};

const rgb = (hex: string): [number, number, number] =>
  [1, 3, 5].map((start) => Number.parseInt(hex.slice(start, start + 2), 16) / 255) as [
    number,
    number,
    number,
  ];

/**
 * The catalogue's reading (defaults filled in) as the stamping step takes it, after one rule of this
 * server: the text is drawn in a standard PDF font, which has only the Windows-1252 (Latin) characters.
 */
export function readWatermarkParameters(sent: SentParameters): ParameterReading<WatermarkOptions> {
  const reading = readCatalogue('pdf-watermark', sent);
  if (!reading.ok) return reading;
  if (![...(sentValue(sent, 'Text') ?? '').trim()].every(isWinAnsi)) {
    return refused({ Text: ['Text can only use Latin characters (the standard PDF font has no others).'] });
  }
  const values = reading.params;
  return {
    ok: true,
    params: {
      text: values.Text,
      horizontal: values.HorizontalAlignment as HorizontalAlignment,
      vertical: values.VerticalAlignment as VerticalAlignment,
      mode: values.TextRenderingMode as WatermarkRenderingMode,
      opacity: Number(values.Opacity) / 100,
      fontSize: Number(values.FontSize),
      rotate: Number(values.Rotate),
      fontColor: rgb(values.FontColor),
      strokeColor: rgb(values.StrokeColor),
    },
  };
}

async function watermarkPdf(ctx: ConverterContext<WatermarkOptions>): Promise<ConverterResultFile[]> {
  const options = ctx.params;
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const facts = await inspectPdf(file.path, { signal: ctx.signal });
  if (facts.encrypted) {
    throw passwordProtected('The file is encrypted. Remove its protection first, then add the watermark.');
  }
  const output = join(ctx.workDir, 'result-watermarked.pdf');
  const result = [{ path: output, fileName: `${parse(file.fileName).name}-watermarked.pdf` }];
  // pdf-lib runs in a worker thread, terminated at the job's deadline (504) or when the job is aborted
  const limits = { signal: ctx.signal, deadlineAt: ctx.deadlineAt };
  if (await stampWatermarkInWorker(file.path, output, options, limits)) return result;
  // pdf-lib reads less damage than qpdf does: let qpdf rewrite the file (it repairs what it can), then retry.
  const repaired = join(ctx.workDir, 'watermark-repaired.pdf');
  await repairPdf(file.path, repaired, {
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt, 1000),
  });
  if (await stampWatermarkInWorker(repaired, output, options, limits)) return result;
  throw damagedFile('The file is damaged: its pages could not be read to add the watermark.');
}

export const pdfWatermarkConverter: Converter<WatermarkOptions> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'mupdf',
  readParameters: readWatermarkParameters,
  convert: watermarkPdf,
};
