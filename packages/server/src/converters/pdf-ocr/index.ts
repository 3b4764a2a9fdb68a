export { type OcrParameters, type OcrRequest, readOcrParameters, readOcrRequest } from './ocr-request';
export { OCR_PAGE_JOBS, pdfOcrConverter } from './pdf-ocr.converter';
