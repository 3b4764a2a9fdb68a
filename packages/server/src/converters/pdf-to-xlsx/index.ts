/**
 * pdf/to/xlsx: tables found on every page (ruled ones from drawn lines, borderless ones from aligned
 * columns) become worksheets with one value per cell, numbers, percentages and dates typed; a page
 * with no table gives a sheet of its text lines.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { countPdfPages, extractPageStructureInWorker } from '../../engines/mupdf-worker';
import {
  baseName,
  forEachPage,
  inspectedInputPdf,
  type PageWithFlow,
  pageDeadline,
} from '../../engines/pdf-structure';
import type { Converter } from '../converter.types';
import { writeXlsx } from './xlsx-writer';

const OCR_PAGE_TIMEOUT_MS = 120_000;

export const pdfToXlsx: Converter = {
  endpoint: 'pdf/to/xlsx',
  engine: 'mupdf',
  input: 'single-file',
  accepts: ['pdf'],
  maxFileSize: 50 * 1024 * 1024,
  validate: () => null,
  async convert(ctx) {
    const deadline = pageDeadline(ctx, 5_000);
    const input = await inspectedInputPdf(ctx);
    const count = await countPdfPages(input, { signal: ctx.signal, deadlineAt: deadline });
    const pages: PageWithFlow[] = [];
    await forEachPage(ctx, count, deadline, async (index) => {
      const timeoutMs = Math.max(1_000, Math.min(OCR_PAGE_TIMEOUT_MS, deadline - Date.now()));
      pages.push(
        await extractPageStructureInWorker(
          input,
          index,
          {
            withImages: false,
            ocr: { workDir: ctx.workDir, signal: ctx.signal, timeoutMs },
          },
          { signal: ctx.signal },
        ),
      );
    });
    const base = baseName(ctx.files[0]?.fileName ?? 'document.pdf');
    const path = join(ctx.workDir, `${base}.xlsx`);
    await writeFile(path, await writeXlsx(pages, base));
    return [{ path, fileName: `${base}.xlsx` }];
  },
};

export { typedValue } from './cell-values';
