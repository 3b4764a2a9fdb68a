export { PdfMerge } from './PdfMerge';
