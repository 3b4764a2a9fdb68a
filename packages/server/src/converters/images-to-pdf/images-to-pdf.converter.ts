/**
 * images/to/pdf's entry in the converter table: its catalogue facts and parameters, known from the
 * start. The work (images-to-pdf.pages.ts, with pdf-lib and sharp) loads on the first conversion, so
 * the server's start does not compile it.
 */
import { catalogueFacts } from '../catalogue-facts';
import type { Converter } from '../converter.types';
import { type ImageOptions, readImageOptions } from './images-options';

export const imagesToPdfConverter: Converter<ImageOptions> = {
  ...catalogueFacts('images/to/pdf'),
  engine: 'sharp',
  readParameters: readImageOptions,
  async convert(ctx) {
    const { imagesToPdf } = await import('./images-to-pdf.pages');
    return imagesToPdf(ctx);
  },
};
