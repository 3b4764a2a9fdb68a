export { PdfToWord } from './PdfToWord';
