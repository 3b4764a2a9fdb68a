export { pdfToPdfaConverter } from './pdf-to-pdfa.converter';
