export { pdfSplitConverter } from './pdf-split.converter';
