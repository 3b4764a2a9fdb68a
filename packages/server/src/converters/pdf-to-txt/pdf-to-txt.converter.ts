/**
 * pdf/to/txt: the document as plain UTF-8 text. A page that has a text layer (born-digital, or an
 * earlier OCR) is read from it by MuPDF (in the MuPDF worker pool, off the server thread); a page without any text is rendered at 300 dpi and read by
 * Tesseract in the chosen Language. Pages are separated by a form feed (U+000C) on its own line, the
 * convention of pdftotext, so a reader can split the file back into pages.
 */
import { writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { readTextLayersInWorker } from '../../engines/mupdf-worker';
import { inspectPdf } from '../../engines/pdf-inspect';
import {
  hasText,
  mapConcurrently,
  ocrDpi,
  ocrPageText,
  parseOcrLanguage,
  tesseractModel,
  validateOcrParameters,
} from '../../engines/tesseract';
import { invalidParameters } from '../../http/errors';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { OCR_PAGE_JOBS } from '../pdf-ocr';

export const PAGE_SEPARATOR = '\f';
const ENDPOINT = 'pdf/to/txt';

const tidy = (text: string): string =>
  text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

async function extractText(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateOcrParameters(ENDPOINT)(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const language = parseOcrLanguage(ctx.params.Language) ?? 'en';
  await inspectPdf(file.path, { signal: ctx.signal });
  const started = Date.now();
  const pages = await readTextLayersInWorker(file.path, ctx.signal, started + ctx.deadline);
  const needOcr = pages.flatMap((page, index) => (hasText(page) ? [] : [index]));
  const texts = pages.map((page) => page.text);
  await mapConcurrently(needOcr, OCR_PAGE_JOBS, async (index) => {
    const page = pages[index];
    texts[index] = await ocrPageText(file.path, index + 1, ocrDpi(page?.width ?? 612, page?.height ?? 792), {
      models: [tesseractModel(language)],
      workDir: ctx.workDir,
      timeoutMs: Math.max(1000, ctx.deadline - (Date.now() - started)),
      signal: ctx.signal,
    });
  });
  const body = texts.map((text) => `${tidy(text)}\n`).join(`${PAGE_SEPARATOR}\n`);
  const output = join(ctx.workDir, 'result.txt');
  await writeFile(output, body, 'utf8');
  return [{ path: output, fileName: `${parse(file.fileName).name}.txt` }];
}

export const pdfToTxtConverter: Converter = {
  endpoint: ENDPOINT,
  engine: 'tesseract',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 100 * 1024 * 1024,
  validate: validateOcrParameters(ENDPOINT),
  convert: extractText,
};
