export { PAGE_SIZES_PT, placeImage } from './image-layout';
export { type ImageOptions, MAX_INPUT_PIXELS, readImageOptions } from './images-options';
export { imagesToPdfConverter } from './images-to-pdf.converter';
