export { PDF_VERSIONS, readOfficeOptions, validateOfficeParams } from './office-options';
export { officeToPdfConverter } from './office-to-pdf.converter';
