/**
 * pdf/to/pptx: one slide per page at the page's aspect ratio, text as editable text boxes in place,
 * tables as tables and pictures as pictures (not one screenshot per slide). Scanned pages are OCRed
 * so their text is editable too.
 */

import type { ToolParameters } from '@docstudio/core';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter } from '../converter.types';
import { readDocumentStructure, writeSingleResult } from '../from-pdf/read-document';
import { catalogueParameters } from '../tool-parameters';

export const pdfToPptx: Converter<ToolParameters<'pdf-to-powerpoint'>> = {
  ...catalogueFacts('pdf/to/pptx'),
  engine: 'mupdf',
  readParameters: catalogueParameters('pdf-to-powerpoint'),
  async convert(ctx) {
    // loaded on first use: its library is half a megabyte of JavaScript the server's start need not compile
    const { writePptx } = await import('./pptx-writer');
    const { pages, base } = await readDocumentStructure(ctx, { withImages: true, withVectorArt: true });
    return writeSingleResult(ctx, `${base}.pptx`, await writePptx(pages, base));
  },
};
