export { type OcrRequest, readOcrRequest } from './ocr-request';
export { OCR_PAGE_JOBS, pdfOcrConverter } from './pdf-ocr.converter';
