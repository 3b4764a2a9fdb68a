export { PAGE_SEPARATOR, pdfToTxtConverter } from './pdf-to-txt.converter';
