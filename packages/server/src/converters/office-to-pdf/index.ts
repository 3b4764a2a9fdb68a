export { type OfficeOptions, PDF_VERSIONS, readOfficeOptions } from './office-options';
export { officeToPdfConverter } from './office-to-pdf.converter';
