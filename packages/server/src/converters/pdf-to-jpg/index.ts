/**
 * pdf/to/jpg: one JPG per page (report-1.jpg, report-2.jpg ...), MuPDF rendering at the chosen Dpi
 * (default 150) and sharp encoding at the chosen Quality (default 95; 4:2:0 chroma below 100), both
 * in the MuPDF worker threads.
 */
import { countPdfPages } from '../../engines/mupdf-worker';
import { catalogueFacts } from '../catalogue-facts';
import type { Converter } from '../converter.types';
import { baseName, inspectedInputPdf, pageLoopDeadlineAt } from '../from-pdf/page-loop';
import { checkJpgPages } from '../page-caps';
import { type JpgOptions, readJpgOptions } from './jpg.options';
import { renderPagesToJpg } from './render-pages';

export const pdfToJpg: Converter<JpgOptions> = {
  ...catalogueFacts('pdf/to/jpg'),
  engine: 'mupdf',
  readParameters: readJpgOptions,
  async convert(ctx) {
    const deadlineAt = pageLoopDeadlineAt(ctx);
    const path = await inspectedInputPdf(ctx);
    const pages = await countPdfPages(path, { signal: ctx.signal, deadlineAt });
    checkJpgPages(pages);
    return await renderPagesToJpg(
      ctx,
      { path, pages },
      baseName(ctx.files[0]?.fileName ?? 'document.pdf'),
      ctx.params,
      deadlineAt,
    );
  },
};

export { pageFileName } from './render-pages';
