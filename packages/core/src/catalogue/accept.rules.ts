/** Upload acceptance per page (spec part 1 section 5, part 2 section 5). */
import type { AcceptRule } from './catalogue.types';
import { MEGABYTE } from './pdf.choices';
import {
  INVALID_FILE_FORMAT_TITLE,
  MORE_FILES_NEEDED_TITLE,
  PDF_ONLY_MESSAGE,
  TOO_MANY_FILES_TITLE,
} from './tool.texts';

export const OFFICE_EXTENSIONS = [
  'doc',
  'dot',
  'docx',
  'dotx',
  'wpd',
  'rtf',
  'log',
  'potx',
  'pps',
  'ppsx',
  'ppt',
  'pptx',
  'csv',
  'xls',
  'xlsb',
  'xlsx',
  'xltx',
] as const;
export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'tiff', 'tif', 'bmp', 'webp', 'svg'] as const;
export const HTML_EXTENSIONS = ['html', 'htm'] as const;

export const OFFICE_ACCEPT: AcceptRule = {
  extensions: OFFICE_EXTENSIONS,
  // text/plain (.log) is left out on purpose: matching by MIME alone would accept any .txt file.
  mimeTypes: [
    'application/msword',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.template',
    'application/vnd.wordperfect',
    'application/rtf',
    'text/rtf',
    'application/vnd.openxmlformats-officedocument.presentationml.template',
    'application/vnd.ms-powerpoint',
    'application/vnd.openxmlformats-officedocument.presentationml.slideshow',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'text/csv',
    'application/vnd.ms-excel',
    'application/vnd.ms-excel.sheet.binary.macroenabled.12',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.template',
  ],
  maxFiles: 1,
  maxSize: 100 * MEGABYTE,
  rejectTitle: INVALID_FILE_FORMAT_TITLE,
  rejectMessage: 'Please upload a supported Office document format.',
};

export const IMAGES_ACCEPT: AcceptRule = {
  extensions: IMAGE_EXTENSIONS,
  // Listed one by one rather than image/*: HEIC, AVIF or ICO would pass a wildcard but are not promised.
  mimeTypes: [
    'image/jpeg',
    'image/png',
    'image/gif',
    'image/tiff',
    'image/bmp',
    'image/webp',
    'image/svg+xml',
  ],
  maxSize: 50 * MEGABYTE,
  rejectTitle: INVALID_FILE_FORMAT_TITLE,
  rejectMessage: 'Please upload supported image formats only.',
};

export const HTML_ACCEPT: AcceptRule = {
  extensions: HTML_EXTENSIONS,
  mimeTypes: ['text/html'],
  maxFiles: 1,
  maxSize: 10 * MEGABYTE,
  rejectTitle: INVALID_FILE_FORMAT_TITLE,
  rejectMessage: 'Please upload HTML files only (.html or .htm).',
};

/** Web to PDF takes a URL: no file is ever accepted. */
export const NO_FILE_ACCEPT: AcceptRule = {
  extensions: [],
  mimeTypes: [],
  maxFiles: 0,
  rejectTitle: INVALID_FILE_FORMAT_TITLE,
  rejectMessage: 'Please enter a website URL instead of uploading a file.',
};

const pdf = {
  extensions: ['pdf'],
  mimeTypes: ['application/pdf'],
  rejectTitle: INVALID_FILE_FORMAT_TITLE,
} as const;

/** PDF to Word, PowerPoint, Excel, JPG; compress, protect, unprotect, PDF/A: one PDF up to 50 MB. */
export const PDF_SINGLE_50MB_ACCEPT: AcceptRule = {
  ...pdf,
  maxFiles: 1,
  maxSize: 50 * MEGABYTE,
  rejectMessage: PDF_ONLY_MESSAGE,
};

/** Split, rotate, watermark, OCR, redact: one PDF up to 100 MB, with their own toasts. */
export const PDF_SINGLE_100MB_ACCEPT: AcceptRule = {
  ...pdf,
  maxFiles: 1,
  maxSize: 100 * MEGABYTE,
  rejectMessage: PDF_ONLY_MESSAGE,
  tooManyTitle: TOO_MANY_FILES_TITLE,
  tooManyMessage: 'Please upload only one PDF file',
  tooLargeTitle: 'File too large',
  tooLargeMessage: 'File size must be less than 100MB',
};

/** Merge: many PDFs, no size limit on the page, at least 2 to run. */
export const PDF_MERGE_ACCEPT: AcceptRule = {
  ...pdf,
  minFiles: 2,
  rejectMessage: PDF_ONLY_MESSAGE,
  tooFewTitle: MORE_FILES_NEEDED_TITLE,
  tooFewMessage: 'Please select at least 2 PDF files to merge.',
};
