export { pdfCompressConverter } from './pdf-compress.converter';
