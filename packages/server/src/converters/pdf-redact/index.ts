export { pdfRedactConverter } from './pdf-redact.converter';
export { type RedactionSummary, redactPdf } from './redact-document';
export { parseColor, parseRedactOptions, validateRedactParameters } from './redact-parameters';
