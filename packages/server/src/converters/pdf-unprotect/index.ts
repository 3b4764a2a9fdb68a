export { pdfUnprotectConverter, validateUnprotectParameters } from './pdf-unprotect.converter';
