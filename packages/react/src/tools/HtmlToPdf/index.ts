export { HtmlToPdf } from './HtmlToPdf';
export { SAMPLE_HTML } from './HtmlToPdf';
