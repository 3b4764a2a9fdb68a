/**
 * pdf/to/txt: the document as plain UTF-8 text. A page that has a text layer (born-digital, or an
 * earlier OCR) is read from it by MuPDF; a page without any text is rendered at 300 dpi and read by
 * Tesseract in the chosen Language. Pages are separated by a form feed (U+000C) on its own line, the
 * convention of pdftotext, so a reader can split the file back into pages.
 */
import { writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { openPdf } from '../../engines/mupdf';
import { inspectPdf } from '../../engines/pdf-inspect';
import {
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

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

interface PageText {
  text: string;
  /** Page size in points, for choosing the OCR resolution. */
  size: [number, number];
}

/** Text of every page from its text layer ('' for pages with none). MuPDF is synchronous: yield between pages. */
async function readTextLayers(path: string, signal: AbortSignal): Promise<PageText[]> {
  const doc = await openPdf(path);
  try {
    const pages: PageText[] = [];
    for (let index = 0; index < doc.countPages(); index++) {
      if (signal.aborted) throw signal.reason;
      const page = doc.loadPage(index);
      const [x0, y0, x1, y1] = page.getBounds();
      const stext = page.toStructuredText('preserve-whitespace');
      pages.push({ text: stext.asText(), size: [x1 - x0, y1 - y0] });
      stext.destroy();
      page.destroy();
      await yieldToEventLoop();
    }
    return pages;
  } finally {
    doc.destroy();
  }
}

const tidy = (text: string): string => text.replace(/[ \t]+$/gm, '').replace(/\n{3,}/g, '\n\n').trim();

async function extractText(ctx: ConverterContext): Promise<ConverterResultFile[]> {
  const errors = validateOcrParameters(ENDPOINT)(ctx.params);
  if (errors) throw invalidParameters(errors);
  const [file] = ctx.files;
  if (!file) throw invalidParameters({ File: ['File required'] });
  const language = parseOcrLanguage(ctx.params.Language) ?? 'en';
  await inspectPdf(file.path, { signal: ctx.signal });
  const started = Date.now();
  const pages = await readTextLayers(file.path, ctx.signal);
  const needOcr = pages.flatMap((page, index) => (page.text.trim() === '' ? [index] : []));
  await mapConcurrently(needOcr, OCR_PAGE_JOBS, async (index) => {
    const page = pages[index] as PageText;
    page.text = await ocrPageText(file.path, index + 1, ocrDpi(...page.size), {
      models: [tesseractModel(language)],
      workDir: ctx.workDir,
      timeoutMs: Math.max(1000, ctx.deadline - (Date.now() - started)),
      signal: ctx.signal,
    });
  });
  const body = pages.map((page) => `${tidy(page.text)}\n`).join(`${PAGE_SEPARATOR}\n`);
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
