export { PdfToJpg } from './PdfToJpg';
