export { HtmlToPdf, SAMPLE_HTML } from './HtmlToPdf';
