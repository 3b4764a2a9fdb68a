export { pdfSplitConverter, validateSplitParameters } from './pdf-split.converter';
