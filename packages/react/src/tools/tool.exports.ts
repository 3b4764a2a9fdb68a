/**
 * Every tool component, exported under its catalogue id in PascalCase ('pdf-to-word' -> PdfToWord),
 * and nothing else (tool.components.ts reads this module as a whole). This is the one line a new
 * tool adds in this package; tool.components.ts checks the names against the catalogue at compile time.
 */
export { HtmlToPdf } from './HtmlToPdf';
export { ImagesToPdf } from './ImagesToPdf';
export { OfficeToPdf } from './OfficeToPdf';
export { PdfCompress } from './PdfCompress';
export { PdfMerge } from './PdfMerge';
export { PdfOcr } from './PdfOcr';
export { PdfProtect } from './PdfProtect';
export { PdfRedact } from './PdfRedact';
export { PdfRotate } from './PdfRotate';
export { PdfSplit } from './PdfSplit';
export { PdfToExcel } from './PdfToExcel';
export { PdfToJpg } from './PdfToJpg';
export { PdfToPdfa } from './PdfToPdfa';
export { PdfToPowerpoint } from './PdfToPowerpoint';
export { PdfToWord } from './PdfToWord';
export { PdfUnprotect } from './PdfUnprotect';
export { PdfWatermark } from './PdfWatermark';
export { WebToPdf } from './WebToPdf';
