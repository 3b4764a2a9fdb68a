export { PdfUnprotect } from './PdfUnprotect';
