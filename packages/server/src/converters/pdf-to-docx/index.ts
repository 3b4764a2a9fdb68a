/**
 * pdf/to/docx: an editable Word document rebuilt from each page's structure (MuPDF structured text):
 * paragraphs in reading order (per column on multi-column pages) with fonts, sizes, bold and italic;
 * headings by relative size; ruled and whitespace-aligned tables as Word tables; pictures in place;
 * page size and margins per section. A scanned or photo page keeps its picture; Tesseract's reading of
 * a scan follows it as editable text.
 */

import type { ToolParameters } from '@docstudio/core';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter } from '../converter.types';
import { readDocumentStructure, writeSingleResult } from '../from-pdf/read-document';
import { catalogueParameters } from '../tool-parameters';

export const pdfToDocx: Converter<ToolParameters<'pdf-to-word'>> = {
  ...catalogueFacts('pdf/to/docx'),
  engine: 'mupdf',
  readParameters: catalogueParameters('pdf-to-word'),
  async convert(ctx) {
    // loaded on first use: its library is half a megabyte of JavaScript the server's start need not compile
    const { writeDocx } = await import('./docx-writer');
    const { pages, base } = await readDocumentStructure(ctx, { withImages: true });
    return writeSingleResult(ctx, `${base}.docx`, await writeDocx(pages, base));
  },
};
