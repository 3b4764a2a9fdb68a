export { PAGE_SIZES_PT, placeImage } from './image-layout';
export { readImageOptions, validateImageParams } from './images-options';
export { imagesToPdfConverter, MAX_INPUT_PIXELS } from './images-to-pdf.converter';
