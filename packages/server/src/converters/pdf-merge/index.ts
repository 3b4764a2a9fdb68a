export { pdfMergeConverter } from './pdf-merge.converter';
