export { PdfToExcel } from './PdfToExcel';
