/**
 * pdf/to/xlsx: tables found on every page (ruled ones from drawn lines, borderless ones from aligned
 * columns) become worksheets with one value per cell, numbers, percentages and dates typed; a page
 * with no table gives a sheet of its text lines.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  baseName,
  extractPageStructure,
  forEachPage,
  openInputPdf,
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
    const pdf = await openInputPdf(ctx);
    const pages: PageWithFlow[] = [];
    try {
      await forEachPage(ctx, pdf.pages, deadline, async (index) => {
        const timeoutMs = Math.max(1_000, Math.min(OCR_PAGE_TIMEOUT_MS, deadline - Date.now()));
        pages.push(
          await extractPageStructure(pdf.mupdf, pdf.doc, index, {
            withImages: false,
            ocr: { workDir: ctx.workDir, signal: ctx.signal, timeoutMs },
          }),
        );
      });
    } finally {
      pdf.doc.destroy();
    }
    const base = baseName(ctx.files[0]?.fileName ?? 'document.pdf');
    const path = join(ctx.workDir, `${base}.xlsx`);
    await writeFile(path, await writeXlsx(pages, base));
    return [{ path, fileName: `${base}.xlsx` }];
  },
};

export { typedValue } from './cell-values';
