export { ImagesToPdf } from './ImagesToPdf';
