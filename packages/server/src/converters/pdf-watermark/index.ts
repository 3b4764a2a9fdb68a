export { pdfWatermarkConverter, readWatermarkOptions, validateWatermarkParameters } from './pdf-watermark.converter';
