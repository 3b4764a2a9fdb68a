/**
 * Page-structure extraction from PDFs with MuPDF: styled text lines, words, images, ruling lines,
 * ruled and whitespace-aligned tables, multi-column reading order, and OCR for scanned pages.
 * Used by the PDF to Word / PowerPoint / Excel converters; usable by redaction and OCR tools.
 */
export { findAlignedTables } from './aligned-tables';
export { type OcrOptions, ocrPage, ocrRenderedPage, parseTesseractTsv } from './ocr-page';
export {
  analysePage,
  buildPageStructure,
  type ExtractOptions,
  extractPageStructure,
  type PageAnalysis,
  type PageWithFlow,
  readUnreadableLines,
} from './page-structure';
export { cellAccuracy, cellsMatch, normaliseCell, parseCsv, wordF1 } from './quality-metrics';
export { type FlowItem, findGutter, readingOrder } from './reading-order';
export { MAX_PAGE_PIXELS, type RenderedPage, renderPageRgb } from './render-page';
export { findRuledTables } from './ruled-tables';
export { pathRulings, readRulings } from './rulings';
export * from './structure.types';
export { fontFamily, type RawPageContent, readPageContent } from './text-lines';
export { isUnreadable, needsUnmappedOcr } from './unreadable-text';
export { borrowedShade, renderVectorArt, type VectorArt, type VectorArtOptions } from './vector-art';
