export { normaliseRotation, openPdf, type PdfDocumentHandle, type RenderPageOptions } from './openPdf';
export { PdfPageImage, type PdfPageImageProps } from './PdfPageImage';
export { type PdfDocumentState, usePdfDocument } from './usePdfDocument';
export { usePdfJsWarmUp } from './usePdfJsWarmUp';
