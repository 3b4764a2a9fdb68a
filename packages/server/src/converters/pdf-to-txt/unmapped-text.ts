/**
 * Pages of pdf/to/txt whose text layer has lines in a font without a usable Unicode map (U+FFFD or
 * private-use characters): read through the page structure instead, where those lines are recognised
 * by OCR of their rendered area (`engines/pdf-structure/unreadable-text.ts`); tables come out as
 * tab-separated rows.
 */
import { extractPageStructureInWorker } from '../../engines/mupdf-worker';
import { needsUnmappedOcr, tableToGrid } from '../../engines/pdf-structure';
import { timeLeftMs } from '../../engines/time-left';
import type { ConverterContext } from '../converter.types';

/** A page's text layer with enough unmapped characters to be worth OCR (the structure's own gate). */
export const hasUnreadableLine = (text: string): boolean => needsUnmappedOcr(text.split('\n'));

/**
 * The page's text with its unmapped lines read by Tesseract's `model`, or without one by the models
 * of the script Tesseract sees in them.
 */
export async function pageTextWithUnmappedOcr(
  ctx: ConverterContext<unknown>,
  path: string,
  index: number,
  model: string | undefined,
): Promise<string> {
  const ocr = {
    workDir: ctx.workDir,
    signal: ctx.signal,
    timeoutMs: timeLeftMs(ctx.deadlineAt, 1000),
    ...(model ? { language: model } : { detectLanguage: true }),
  };
  const page = await extractPageStructureInWorker(
    path,
    index,
    { withImages: false, alignedTables: false, ocr },
    ctx,
  );
  return page.flow
    .map((item) => {
      if (item.kind === 'paragraph') return item.lines.map((line) => line.text).join('\n');
      if (item.kind === 'table')
        return tableToGrid(item.table)
          .map((row) => row.join('\t'))
          .join('\n');
      return '';
    })
    .filter((text) => text !== '')
    .join('\n\n');
}
