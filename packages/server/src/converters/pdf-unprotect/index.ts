export { pdfUnprotectConverter } from './pdf-unprotect.converter';
