/**
 * pdf/to/ocr: a searchable PDF. Each page stays exactly as it was, images included; an invisible text
 * layer in the chosen Language (one of the spec's 27 codes, default en) is laid over every page that
 * has no text. Pages that already have text (born-digital pages, earlier OCR) are kept as they are.
 * The page pipeline (searchable-pdf.ts) measured about twice as fast a page as
 * OCRmyPDF on this host (bench/ocr-redact.bench.ts), so it is the one used.
 */
import { mkdir } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { type OcrParameters, readOcrParameters, readOcrRequest } from './ocr-request';
import { makeSearchablePdfByPages } from './searchable-pdf';

/** Pages OCRed at once: one per core of the 2-core reference machine. */
export const OCR_PAGE_JOBS = 2;
const ENDPOINT = 'pdf/to/ocr';

async function makeSearchable(ctx: ConverterContext<OcrParameters>): Promise<ConverterResultFile[]> {
  const { file, model } = await readOcrRequest(ctx);
  const pagesDir = join(ctx.workDir, 'ocr-pages');
  await mkdir(pagesDir, { recursive: true, mode: 0o700 });
  const output = join(ctx.workDir, 'result-ocr.pdf');
  await makeSearchablePdfByPages(file.path, output, {
    models: [model],
    jobs: OCR_PAGE_JOBS,
    workDir: pagesDir,
    signal: ctx.signal,
    deadlineAt: ctx.deadlineAt,
  });
  return [{ path: output, fileName: `${parse(file.fileName).name}-ocr.pdf` }];
}

export const pdfOcrConverter: Converter<OcrParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'tesseract',
  readParameters: readOcrParameters,
  convert: makeSearchable,
};
