export { PdfRotate } from './PdfRotate';
