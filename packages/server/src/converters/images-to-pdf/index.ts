export { PAGE_SIZES_PT, placeImage } from './image-layout';
export { type ImageOptions, readImageOptions } from './images-options';
export { imagesToPdfConverter, MAX_INPUT_PIXELS } from './images-to-pdf.converter';
