export { pdfToPdfaConverter, validatePdfaParameters } from './pdf-to-pdfa.converter';
