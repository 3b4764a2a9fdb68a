/**
 * pdf/to/pptx: one slide per page at the page's aspect ratio, text as editable text boxes in place,
 * tables as tables and pictures as pictures (not one screenshot per slide). Scanned pages are OCRed
 * so their text is editable too.
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
import { writePptx } from './pptx-writer';

const OCR_PAGE_TIMEOUT_MS = 120_000;

export const pdfToPptx: Converter = {
  endpoint: 'pdf/to/pptx',
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
            withImages: true,
            ocr: { workDir: ctx.workDir, signal: ctx.signal, timeoutMs },
          }),
        );
      });
    } finally {
      pdf.doc.destroy();
    }
    const base = baseName(ctx.files[0]?.fileName ?? 'document.pdf');
    const path = join(ctx.workDir, `${base}.pptx`);
    await writeFile(path, await writePptx(pages, base));
    return [{ path, fileName: `${base}.pptx` }];
  },
};
