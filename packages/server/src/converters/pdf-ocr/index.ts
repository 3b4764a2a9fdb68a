export { OCR_PAGE_JOBS, pdfOcrConverter } from './pdf-ocr.converter';
