/**
 * pdf/to/pptx: one slide per page at the page's aspect ratio, text as editable text boxes in place,
 * tables as tables and pictures as pictures (not one screenshot per slide). Scanned pages are OCRed
 * so their text is editable too.
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
            withImages: true,
            withVectorArt: true,
            ocr: { workDir: ctx.workDir, signal: ctx.signal, timeoutMs },
          },
          { signal: ctx.signal },
        ),
      );
    });
    const base = baseName(ctx.files[0]?.fileName ?? 'document.pdf');
    const path = join(ctx.workDir, `${base}.pptx`);
    await writeFile(path, await writePptx(pages, base));
    return [{ path, fileName: `${base}.pptx` }];
  },
};
