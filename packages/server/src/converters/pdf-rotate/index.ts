export { pdfRotateConverter } from './pdf-rotate.converter';
