export { HTML_MAX_BYTES, htmlToPdfConverter } from './html-to-pdf.converter';
