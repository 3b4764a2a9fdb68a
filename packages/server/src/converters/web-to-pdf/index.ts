export { createWebToPdfConverter, pdfNameForUrl, webToPdfConverter } from './web-to-pdf.converter';
