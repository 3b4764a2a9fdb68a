export { PdfRedact } from './PdfRedact';
