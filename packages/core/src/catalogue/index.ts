export * from './accept.rules';
export { advancedTools, pdfOcr, pdfRedact } from './advanced.tools';
export { UnknownToolError } from './catalogue.errors';
export {
  endpointsOf,
  findToolByEndpoint,
  findToolById,
  getTool,
  isToolId,
  LANDING_CATEGORIES,
  normalizeEndpoint,
  WORKFLOW_CATEGORIES,
} from './catalogue.registry';
export { type ToolDefinition, type ToolId, type ToolParameters, tools } from './catalogue.tools';
export type * from './catalogue.types';
export {
  convertFromPdfTools,
  pdfToExcel,
  pdfToJpg,
  pdfToPowerpoint,
  pdfToWord,
} from './convert-from-pdf.tools';
export {
  CONVERSION_PAGE_PROGRESS,
  convertToPdfTools,
  htmlToPdf,
  imagesToPdf,
  officeToPdf,
  webToPdf,
} from './convert-to-pdf.tools';
export { acceptsFile, type HandOffFile, handOffTargets } from './hand-off';
export * from './ocr-redaction.choices';
export {
  checkOptionField,
  checkOptionValue,
  type OptionFieldValue,
  type OptionProblem,
  type OptionValueCheck,
  type ParameterErrors,
  type ResolvedParameters,
  resolveParametersOf,
  resolveToolParameters,
  sentValue,
  type UrlCheck,
  validateToolParameters,
  validateWebUrl,
} from './parameter.validation';
export * from './pdf.choices';
export { pdfManagementTools, pdfMerge, pdfRotate, pdfSplit, pdfWatermark } from './pdf-management.tools';
export { pdfCompress, pdfProcessingTools, pdfProtect, pdfToPdfa, pdfUnprotect } from './pdf-processing.tools';
export { isSecretOption, secretParameterNames } from './secret.options';
export * from './tool.guides';
export * from './tool.texts';
export * from './watermark.choices';
