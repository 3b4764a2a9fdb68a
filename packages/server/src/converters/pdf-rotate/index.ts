export { pdfRotateConverter, validateRotateParameters } from './pdf-rotate.converter';
