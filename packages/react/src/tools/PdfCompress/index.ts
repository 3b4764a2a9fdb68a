export { PdfCompress } from './PdfCompress';
