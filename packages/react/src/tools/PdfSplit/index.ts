export { PdfSplit } from './PdfSplit';
