export { pdfProtectConverter } from './pdf-protect.converter';
