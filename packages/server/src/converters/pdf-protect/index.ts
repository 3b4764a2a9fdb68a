export { pdfProtectConverter, validateProtectParameters } from './pdf-protect.converter';
