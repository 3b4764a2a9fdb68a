export { WebToPdf } from './WebToPdf';
