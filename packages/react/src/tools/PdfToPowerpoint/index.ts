export { PdfToPowerpoint } from './PdfToPowerpoint';
