/**
 * pdf/to/ocr: a searchable PDF. Each page image stays exactly as it was; OCRmyPDF adds an invisible
 * text layer in the chosen Language (one of the spec's 27 codes, default en). Pages that already have
 * text (born-digital pages, earlier OCR) are kept as they are.
 */
import { mkdir } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { inspectPdf } from '../../engines/pdf-inspect';
import { makeSearchablePdf, parseOcrLanguage, tesseractModel, validateOcrParameters } from '../../engines/tesseract';
import { invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';

/** Pages OCRed at once: one per core of the 2-core reference machine. */
export const OCR_PAGE_JOBS = 2;
const ENDPOINT = 'pdf/to/ocr';

async function makeSearchable(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateOcrParameters(ENDPOINT)(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const language = parseOcrLanguage(ctx.params.Language) ?? 'en';
  await inspectPdf(file.path, { signal: ctx.signal });
  const tempDir = join(ctx.workDir, 'ocrmypdf');
  await mkdir(tempDir, { recursive: true, mode: 0o700 });
  const output = join(ctx.workDir, 'result-ocr.pdf');
  await makeSearchablePdf(file.path, output, {
    models: [tesseractModel(language)],
    jobs: OCR_PAGE_JOBS,
    timeoutMs: ctx.deadline,
    signal: ctx.signal,
    tempDir,
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-ocr.pdf` }];
}

export const pdfOcrConverter: Converter = {
  endpoint: ENDPOINT,
  engine: 'tesseract',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 100 * 1024 * 1024,
  validate: validateOcrParameters(ENDPOINT),
  convert: makeSearchable,
};
