/**
 * pdf/to/docx: an editable Word document rebuilt from each page's structure (MuPDF structured text):
 * paragraphs in reading order (per column on multi-column pages) with fonts, sizes, bold and italic;
 * headings by relative size; ruled and whitespace-aligned tables as Word tables; pictures in place;
 * page size and margins per section. Scanned pages are read with Tesseract first.
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
import { writeDocx } from './docx-writer';

const OCR_PAGE_TIMEOUT_MS = 120_000;

export const pdfToDocx: Converter = {
  endpoint: 'pdf/to/docx',
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
            ocr: { workDir: ctx.workDir, signal: ctx.signal, timeoutMs },
          },
          { signal: ctx.signal },
        ),
      );
    });
    const base = baseName(ctx.files[0]?.fileName ?? 'document.pdf');
    const path = join(ctx.workDir, `${base}.docx`);
    await writeFile(path, await writeDocx(pages, base));
    return [{ path, fileName: `${base}.docx` }];
  },
};
