export { PdfProtect } from './PdfProtect';
