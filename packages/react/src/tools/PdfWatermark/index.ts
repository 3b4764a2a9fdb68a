export { PdfWatermark } from './PdfWatermark';
