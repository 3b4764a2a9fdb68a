/**
 * pdf/to/xlsx: tables found on every page (ruled ones from drawn lines, borderless ones from aligned
 * columns) become worksheets with one value per cell, numbers, percentages and dates typed; a page
 * with no table gives a sheet of its text lines.
 */

import type { ToolParameters } from '@docstudio/core';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter } from '../converter.types';
import { readDocumentStructure, writeSingleResult } from '../from-pdf/read-document';
import { catalogueParameters } from '../tool-parameters';
import { writeXlsx } from './xlsx-writer';

export const pdfToXlsx: Converter<ToolParameters<'pdf-to-excel'>> = {
  ...catalogueFacts('pdf/to/xlsx'),
  engine: 'mupdf',
  readParameters: catalogueParameters('pdf-to-excel'),
  async convert(ctx) {
    const { pages, base } = await readDocumentStructure(ctx, { withImages: false });
    return writeSingleResult(ctx, `${base}.xlsx`, await writeXlsx(pages, base));
  },
};

export { typedValue } from './cell-values';
