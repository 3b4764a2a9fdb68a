export { OfficeToPdf } from './OfficeToPdf';
