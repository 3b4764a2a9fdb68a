export { pdfRedactConverter } from './pdf-redact.converter';
export { type RedactionSummary, redactPdf } from './redact-document';
export { DEFAULT_REDACTION_COLOR, parseColor, parseTerms, validateRedactParameters } from './redact-parameters';
