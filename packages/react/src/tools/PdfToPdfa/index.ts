export { PdfToPdfa } from './PdfToPdfa';
