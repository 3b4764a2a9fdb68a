/** Landing category 'Advanced' (spec part 2): OCR and redaction. */
import { PDF_SINGLE_100MB_ACCEPT } from './accept.rules';
import type { ToolEntry } from './catalogue.types';
import {
  DEFAULT_OCR_LANGUAGE,
  DEFAULT_REDACTION_COLOR,
  DEFAULT_REDACTION_PRESET,
  OCR_LANGUAGES,
  OCR_OUTPUT_FORMATS,
  REDACTION_PRESETS,
  REDACTION_TERMS_FIELD,
  REDACTION_TERMS_MAX_LENGTH,
  REDACTION_TERMS_REQUIRED,
} from './ocr-redaction.choices';
import { FILE_REQUIRED_TITLE, PDF_REQUIRED_MESSAGE } from './tool.texts';

const advanced = {
  landingCategory: 'Advanced',
  input: 'single-file',
  inputFormats: ['pdf'],
  accept: PDF_SINGLE_100MB_ACCEPT,
} as const;

const fileRequired = {
  missingFileTitle: FILE_REQUIRED_TITLE,
  missingFileMessage: PDF_REQUIRED_MESSAGE,
} as const;

export const pdfOcr = {
  ...advanced,
  id: 'pdf-ocr',
  icon: 'scan-text',
  route: '/pdf-ocr',
  title: 'OCR PDF',
  name: 'OCR PDF',
  description: 'Recognise the text of scanned PDFs: get a searchable PDF or a text file.',
  workflowCategory: 'Text',
  endpoint: 'pdf/to/ocr',
  alternateEndpoints: ['pdf/to/txt'],
  endpointChoices: OCR_OUTPUT_FORMATS,
  outputFormats: ['pdf', 'txt'],
  options: [
    {
      name: 'Language',
      label: 'Language',
      type: 'select',
      // the spec's 27: what any API takes; a picker adds the server's others (GET /ocr/languages)
      options: OCR_LANGUAGES,
      default: DEFAULT_OCR_LANGUAGE,
      sendWhen: 'always',
    },
  ],
  progress: { step: 5, intervalMs: 500, cap: 90 },
  texts: {
    heading: 'PDF OCR',
    successTitle: 'OCR complete!',
    successMessage: 'The text of your PDF has been successfully recognised.',
    failureTitle: 'OCR failed',
    failureFallback: 'Failed to process OCR. Please try again.',
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Process OCR',
    busyLabel: 'Processing...',
  },
} as const satisfies ToolEntry;

export const pdfRedact = {
  ...advanced,
  id: 'pdf-redact',
  icon: 'eye-off',
  route: '/pdf-redact',
  title: 'Redact PDF',
  name: 'Redact PDF',
  description: 'Black out personal and sensitive information for good.',
  workflowCategory: 'Security',
  endpoint: 'pdf/to/redact',
  outputFormats: ['pdf'],
  options: [
    {
      name: 'Preset',
      label: 'Redaction preset',
      type: 'select',
      options: REDACTION_PRESETS,
      default: DEFAULT_REDACTION_PRESET,
      sendWhen: 'always',
    },
    {
      name: 'RedactionColor',
      label: 'Redaction colour',
      type: 'color',
      default: DEFAULT_REDACTION_COLOR,
      sendWhen: 'always',
    },
    {
      name: REDACTION_TERMS_FIELD,
      label: 'Words or patterns to redact',
      type: 'text',
      placeholder: 'e.g., John Smith, /\\d{3}-\\d{2}-\\d{4}/',
      hint: 'One per line or comma-separated; /slashes/ mark a regular expression.',
      required: true,
      requiredMessage: REDACTION_TERMS_REQUIRED,
      maxLength: REDACTION_TERMS_MAX_LENGTH,
      shownWhen: { option: 'Preset', oneOf: ['manual'] },
      sendWhen: 'non-blank',
    },
  ],
  progress: { step: 8, intervalMs: 300, cap: 90 },
  texts: {
    heading: 'Redact PDF Content',
    successTitle: 'PDF redacted!',
    successMessage: 'Your PDF has been successfully redacted.',
    failureTitle: 'Redaction failed',
    failureFallback: 'Failed to redact PDF. Please try again.',
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Redact PDF',
    busyLabel: 'Redacting...',
    notice: 'Redaction cannot be undone. Keep a backup of the original file.',
  },
} as const satisfies ToolEntry;

export const advancedTools = [pdfOcr, pdfRedact] as const;
