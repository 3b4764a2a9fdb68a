export { pdfWatermarkConverter } from './pdf-watermark.converter';
