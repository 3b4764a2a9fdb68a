export { PdfOcr } from './PdfOcr';
