export { pdfRedactConverter } from './pdf-redact.converter';
export { type RedactionSummary, redactPdf } from './redact-document';
export { parseColor, type RedactOptions, readRedactParameters } from './redact-parameters';
export {
  type PreviewBox,
  type PreviewPage,
  previewRedaction,
  type RedactionPreview,
} from './redaction-preview';
