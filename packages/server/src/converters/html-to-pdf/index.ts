export { htmlToPdfConverter } from './html-to-pdf.converter';
