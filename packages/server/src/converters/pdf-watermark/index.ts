export { pdfWatermarkConverter, validateWatermarkParameters } from './pdf-watermark.converter';
