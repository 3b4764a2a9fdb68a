/**
 * pdf/to/redact: finds personal data by the chosen Preset (and any RedactionTerms), removes it from
 * the PDF for good, paints boxes in RedactionColor and scrubs metadata, hidden layers, annotations,
 * attachments, scripts and form values. See README.md in this folder for each preset's detectors.
 */
import { join, parse } from 'node:path';
import { invalidParameters } from '../../contract/errors';
import { inspectPdf } from '../../engines/pdf-inspect';
import { tesseractModel } from '../../engines/tesseract';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { redactPdf } from './redact-document';
import { presetDetectors, type RedactOptions, readRedactParameters } from './redact-parameters';

async function redact(ctx: ConverterContext<RedactOptions>): Promise<ConverterResultFile[]> {
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const options = ctx.params;
  await inspectPdf(file.path, { signal: ctx.signal });
  const output = join(ctx.workDir, 'result-redacted.pdf');
  const summary = await redactPdf(file.path, output, {
    detectors: presetDetectors(options.preset),
    terms: options.terms,
    color: options.color,
    ocrModels: [tesseractModel(options.ocrLanguage)],
    workDir: ctx.workDir,
    signal: ctx.signal,
    deadlineAt: ctx.deadlineAt,
  });
  return [
    {
      path: output,
      fileName: `${parse(file.fileName).name}-redacted.pdf`,
      // Says which pages could not be verified as text and were replaced by burnt pictures.
      report: {
        Redaction: {
          Pages: summary.pages,
          Boxes: summary.boxes,
          OcrPages: summary.ocrPages,
          RasterizedPages: summary.rasterisedPages,
        },
      },
    },
  ];
}

export const pdfRedactConverter: Converter<RedactOptions> = {
  ...catalogueFacts('pdf/to/redact'),
  engine: 'mupdf',
  readParameters: readRedactParameters,
  convert: redact,
};
