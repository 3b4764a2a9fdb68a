/**
 * pdf/to/txt: the document as plain UTF-8 text. A page that has a text layer (born-digital, or an
 * earlier OCR) is read from it by MuPDF (in the MuPDF worker pool, off the server thread); a page without any text is rendered at 300 dpi and read by
 * Tesseract in the chosen Language (none sent: the language found on the first such page); a page with lines in a font without Unicode map is read through
 * the page structure, those lines by OCR of their area. Pages are separated by a form feed (U+000C) on its own line, the
 * convention of pdftotext, so a reader can split the file back into pages.
 */
import { writeFile } from 'node:fs/promises';
import { join, parse } from 'node:path';
import { readTextLayersInWorker } from '../../engines/mupdf-worker';
import { hasText, mapConcurrently, ocrDpi, ocrPageText } from '../../engines/tesseract';
import { timeLeftMs } from '../../engines/time-left';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter, ConverterContext, ConverterResultFile } from '../converter.types';
import { OCR_PAGE_JOBS, type OcrParameters, readOcrParameters, readOcrRequest } from '../pdf-ocr';
import { scanModels } from './scan-language';
import { hasUnreadableLine, pageTextWithUnmappedOcr } from './unmapped-text';

export const PAGE_SEPARATOR = '\f';

const ENDPOINT = 'pdf/to/txt';

const tidy = (text: string): string =>
  text
    .replace(/[ \t]+$/gm, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();

async function extractText(ctx: ConverterContext<OcrParameters>): Promise<ConverterResultFile[]> {
  const { file } = await readOcrRequest(ctx);
  const pages = await readTextLayersInWorker(file.path, ctx.signal, ctx.deadlineAt);
  const needOcr = pages.flatMap((page, index) => (hasText(page) ? [] : [index]));
  const dpiOf = (index: number) => ocrDpi(pages[index]?.width ?? 612, pages[index]?.height ?? 792);
  const first = needOcr[0];
  const model = await scanModels(
    ctx,
    file.path,
    first === undefined ? undefined : { index: first, dpi: dpiOf(first) },
  );
  const texts = pages.map((page) => page.text);
  await mapConcurrently(needOcr, OCR_PAGE_JOBS, async (index) => {
    texts[index] = await ocrPageText(file.path, index + 1, dpiOf(index), {
      models: [model ?? ctx.params.model],
      workDir: ctx.workDir,
      timeoutMs: timeLeftMs(ctx.deadlineAt, 1000),
      signal: ctx.signal,
    });
  });
  // lines whose font has no Unicode map (U+FFFD, private use) are read again by OCR of their area
  const unmapped = pages.flatMap((page, index) =>
    hasText(page) && hasUnreadableLine(page.text) ? [index] : [],
  );
  await mapConcurrently(unmapped, OCR_PAGE_JOBS, async (index) => {
    texts[index] = await pageTextWithUnmappedOcr(ctx, file.path, index, model);
  });
  const body = texts.map((text) => `${tidy(text)}\n`).join(`${PAGE_SEPARATOR}\n`);
  const output = join(ctx.workDir, 'result.txt');
  await writeFile(output, body, 'utf8');
  return [{ path: output, fileName: `${parse(file.fileName).name}.txt` }];
}

export const pdfToTxtConverter: Converter<OcrParameters> = {
  ...catalogueFacts(ENDPOINT),
  engine: 'tesseract',
  readParameters: readOcrParameters,
  convert: extractText,
};
