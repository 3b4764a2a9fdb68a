/** Landing category 'PDF Processing' (spec part 2): compress, protect, unprotect, PDF/A. */
import { PDF_SINGLE_50MB_ACCEPT } from './accept.rules';
import type { ToolEntry } from './catalogue.types';
import {
  COMPRESSION_PRESETS,
  DEFAULT_COMPRESSION_PRESET,
  DEFAULT_ENCRYPTION_LEVEL,
  DEFAULT_PDFA_VERSION,
  ENCRYPTION_LEVELS,
  PASSWORD_MAX_LENGTH,
  PDFA_CONFORMANCE_LEVELS,
  PDFA_VERSIONS,
} from './pdf.choices';
import {
  CONVERSION_COMPLETED_TITLE,
  CONVERSION_FAILED_TITLE,
  CONVERTING_LABEL,
  FILE_REQUIRED_TITLE,
  PDF_REQUIRED_MESSAGE,
  UNEXPECTED_ERROR_MESSAGE,
} from './tool.texts';

const processing = {
  landingCategory: 'PDF Processing',
  input: 'single-file',
  inputFormats: ['pdf'],
  outputFormats: ['pdf'],
  accept: PDF_SINGLE_50MB_ACCEPT,
  progress: { step: 10, intervalMs: 500, cap: 90 },
} as const;

const fileRequired = {
  missingFileTitle: FILE_REQUIRED_TITLE,
  missingFileMessage: PDF_REQUIRED_MESSAGE,
} as const;

export const pdfCompress = {
  ...processing,
  id: 'pdf-compress',
  icon: 'minimize-2',
  route: '/pdf-compress',
  title: 'Compress PDF',
  name: 'Compress PDF',
  description: 'Make a PDF smaller by choosing how sharp its images stay.',
  workflowCategory: 'Optimize',
  endpoint: 'pdf/to/compress',
  options: [
    {
      name: 'Preset',
      label: 'Compression preset',
      type: 'select',
      options: COMPRESSION_PRESETS.map(({ value, label }) => ({ value, label })),
      default: DEFAULT_COMPRESSION_PRESET,
      sendWhen: 'always',
    },
  ],
  texts: {
    heading: 'PDF Compressor',
    successTitle: 'Compression complete!',
    successMessage: 'Your PDF has been successfully compressed.',
    failureTitle: 'Compression failed',
    failureFallback: UNEXPECTED_ERROR_MESSAGE,
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Compress PDF',
    busyLabel: 'Compressing...',
  },
} as const satisfies ToolEntry;

export const pdfProtect = {
  ...processing,
  id: 'pdf-protect',
  icon: 'lock',
  route: '/pdf-protect',
  title: 'Protect PDF',
  name: 'Protect PDF',
  description: 'Add a password so only the people you choose can open the PDF.',
  workflowCategory: 'Security',
  endpoint: 'pdf/to/protect',
  options: [
    {
      name: 'UserPassword',
      label: 'User password',
      type: 'password',
      required: true,
      requiredTitle: 'User password required',
      requiredMessage: 'Please enter a password to protect the PDF.',
      hint: 'Needed to open the PDF.',
      maxLength: PASSWORD_MAX_LENGTH,
      sendWhen: 'always',
    },
    {
      name: 'OwnerPassword',
      label: 'Owner password (optional)',
      type: 'password',
      hint: 'Needed to change permissions; leave empty to use none.',
      maxLength: PASSWORD_MAX_LENGTH,
      sendWhen: 'non-blank',
    },
    {
      name: 'EncryptionLevel',
      label: 'Encryption level',
      type: 'select',
      options: ENCRYPTION_LEVELS,
      default: DEFAULT_ENCRYPTION_LEVEL,
      sendWhen: 'always',
      workflowOnly: true,
    },
  ],
  texts: {
    heading: 'PDF Password Protection',
    successTitle: 'PDF protected!',
    successMessage: 'Your PDF is now password protected.',
    failureTitle: 'Protection failed',
    failureFallback: UNEXPECTED_ERROR_MESSAGE,
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Protect PDF',
    busyLabel: 'Protecting...',
  },
} as const satisfies ToolEntry;

export const pdfUnprotect = {
  ...processing,
  id: 'pdf-unprotect',
  icon: 'lock-open',
  route: '/pdf-unprotect',
  title: 'Unlock PDF',
  name: 'Unlock PDF',
  description: 'Remove the password from a PDF you can open.',
  workflowCategory: 'Security',
  endpoint: 'pdf/to/unprotect',
  options: [
    {
      name: 'Password',
      label: 'Password',
      type: 'password',
      required: true,
      requiredTitle: 'Password required',
      requiredMessage: 'Please enter the password to unlock the PDF.',
      maxLength: PASSWORD_MAX_LENGTH,
      sendWhen: 'always',
    },
  ],
  texts: {
    heading: 'PDF Password Removal',
    successTitle: 'PDF unlocked!',
    successMessage: 'The password has been removed from your PDF.',
    failureTitle: 'Unlock failed',
    failureFallback: 'Failed to unlock the PDF. Please check the password and try again.',
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Unlock PDF',
    busyLabel: 'Unlocking...',
  },
} as const satisfies ToolEntry;

export const pdfToPdfa = {
  ...processing,
  id: 'pdf-to-pdfa',
  icon: 'archive',
  route: '/pdf-to-pdfa',
  title: 'PDF to PDF/A',
  name: 'PDF to PDF/A',
  description: 'Convert a PDF to PDF/A for long-term archiving.',
  workflowCategory: 'Optimize',
  endpoint: 'pdf/to/pdfa',
  options: [
    {
      name: 'PdfaVersion',
      label: 'PDF/A version',
      type: 'select',
      options: PDFA_VERSIONS,
      default: DEFAULT_PDFA_VERSION,
      sendWhen: 'always',
    },
    {
      name: 'ConformanceLevel',
      label: 'Conformance level',
      type: 'select',
      options: PDFA_CONFORMANCE_LEVELS,
      hint: 'Overrides the PDF/A version when set.',
      sendWhen: 'non-blank',
      workflowOnly: true,
    },
  ],
  texts: {
    heading: 'PDF to PDF/A Converter',
    successTitle: CONVERSION_COMPLETED_TITLE,
    successMessage: 'Your PDF has been successfully converted to PDF/A.',
    failureTitle: CONVERSION_FAILED_TITLE,
    failureFallback: UNEXPECTED_ERROR_MESSAGE,
    dropNoun: 'PDF',
    ...fileRequired,
    buttonLabel: 'Convert to PDF/A',
    busyLabel: CONVERTING_LABEL,
  },
} as const satisfies ToolEntry;

export const pdfProcessingTools = [pdfCompress, pdfProtect, pdfUnprotect, pdfToPdfa] as const;
