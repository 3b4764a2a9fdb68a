/** Landing category 'Convert to PDF' (spec part 1): Office, images, web and HTML to PDF. */
import {
  HTML_ACCEPT,
  HTML_EXTENSIONS,
  IMAGE_EXTENSIONS,
  IMAGES_ACCEPT,
  NO_FILE_ACCEPT,
  OFFICE_ACCEPT,
} from './accept.rules';
import type { ToolEntry } from './catalogue.types';
import {
  DEFAULT_PDF_VERSION,
  IMAGE_MARGIN_RANGE,
  PAGE_ORIENTATIONS,
  PAGE_SIZES,
  PASSWORD_MAX_LENGTH,
  PDF_VERSIONS,
} from './pdf.choices';
import {
  CONVERSION_COMPLETED_TITLE,
  CONVERSION_FAILED_TITLE,
  CONVERTING_LABEL,
  FILE_REQUIRED_TITLE,
  invalidUrlMessage,
  PAGE_RANGE_HINT,
  UNEXPECTED_ERROR_MESSAGE,
} from './tool.texts';

/** Part 1, section 4: every conversion page ticks 10 every 500 ms up to 90. */
export const CONVERSION_PAGE_PROGRESS = { step: 10, intervalMs: 500, cap: 90 } as const;

const failure = { failureTitle: CONVERSION_FAILED_TITLE, failureFallback: UNEXPECTED_ERROR_MESSAGE } as const;

const margin = <Name extends string>(name: Name, label: string) =>
  ({
    name,
    label,
    type: 'number',
    integer: true,
    default: IMAGE_MARGIN_RANGE.default,
    min: IMAGE_MARGIN_RANGE.min,
    max: IMAGE_MARGIN_RANGE.max,
    sendWhen: 'positive',
  }) as const;

export const officeToPdf = {
  id: 'office-to-pdf',
  icon: 'file-text',
  route: '/office-to-pdf',
  title: 'Office to PDF',
  name: 'Office to PDF',
  description: 'Convert Word, Excel and PowerPoint documents to PDF.',
  landingCategory: 'Convert to PDF',
  workflowCategory: 'Convert',
  endpoint: 'office/to/pdf',
  input: 'single-file',
  inputFormats: OFFICE_ACCEPT.extensions,
  outputFormats: ['pdf'],
  accept: OFFICE_ACCEPT,
  options: [
    {
      name: 'PageRange',
      label: 'Page Range',
      type: 'text',
      placeholder: PAGE_RANGE_HINT,
      hint: 'Leave empty to convert all pages.',
      valueFormat: 'page-range',
      maxLength: 200,
      sendWhen: 'non-blank',
    },
    {
      name: 'PdfVersion',
      label: 'PDF Version',
      type: 'select',
      options: PDF_VERSIONS,
      default: DEFAULT_PDF_VERSION,
      sendWhen: 'always',
    },
    { name: 'PdfA', label: 'PDF/A', type: 'switch', default: false, sendWhen: 'true' },
    {
      name: 'FitToPageWidth',
      label: 'Fit sheets to page width',
      type: 'switch',
      default: false,
      sendWhen: 'true',
      hint: 'Spreadsheets: scale each sheet so all its columns fit across one page.',
    },
    {
      // The spec sends it when set but shows no field; the option lets a user open protected documents.
      name: 'DocumentOpenPassword',
      label: 'Document password',
      type: 'password',
      maxLength: PASSWORD_MAX_LENGTH,
      sendWhen: 'non-blank',
    },
  ],
  progress: CONVERSION_PAGE_PROGRESS,
  texts: {
    heading: 'Office to PDF Converter',
    successTitle: CONVERSION_COMPLETED_TITLE,
    successMessage: 'Your file has been successfully converted to PDF.',
    ...failure,
    dropNoun: 'Office document',
    missingFileTitle: FILE_REQUIRED_TITLE,
    missingFileMessage: 'Please upload an Office document to convert.',
    buttonLabel: 'Convert to PDF',
    busyLabel: CONVERTING_LABEL,
  },
} as const satisfies ToolEntry;

export const imagesToPdf = {
  id: 'images-to-pdf',
  icon: 'images',
  route: '/images-to-pdf',
  title: 'Images to PDF',
  name: 'Images to PDF',
  description: 'Combine JPG, PNG, GIF, TIFF, BMP, WebP and SVG images into one PDF.',
  landingCategory: 'Convert to PDF',
  workflowCategory: 'Convert',
  endpoint: 'images/to/pdf',
  input: 'multi-file',
  inputFormats: IMAGE_EXTENSIONS,
  outputFormats: ['pdf'],
  accept: IMAGES_ACCEPT,
  options: [
    {
      name: 'PageSize',
      label: 'Page Size',
      type: 'select',
      options: PAGE_SIZES,
      default: 'default',
      sendWhen: 'not-default',
    },
    {
      name: 'PageOrientation',
      label: 'Page Orientation',
      type: 'select',
      options: PAGE_ORIENTATIONS,
      default: 'default',
      sendWhen: 'not-default',
    },
    margin('MarginHorizontal', 'Horizontal Margin (mm)'),
    margin('MarginVertical', 'Vertical Margin (mm)'),
    { name: 'Pdfa', label: 'PDF/A', type: 'switch', default: false, sendWhen: 'true' },
    {
      name: 'Frames',
      label: 'Animated GIF',
      type: 'select',
      options: [
        { value: 'default', label: 'First frame only' },
        { value: 'all', label: 'Every frame as a page' },
      ],
      default: 'default',
      sendWhen: 'not-default',
      hint: 'An animated GIF has several frames: keep only the first, or make a page of each.',
    },
  ],
  progress: CONVERSION_PAGE_PROGRESS,
  texts: {
    heading: 'Images to PDF Converter',
    successTitle: CONVERSION_COMPLETED_TITLE,
    successMessage: 'Your images have been successfully converted to PDF.',
    ...failure,
    dropNoun: 'images',
    missingFileTitle: FILE_REQUIRED_TITLE,
    missingFileMessage: 'Please upload at least one image to convert.',
    buttonLabel: 'Convert to PDF',
    busyLabel: CONVERTING_LABEL,
  },
} as const satisfies ToolEntry;

export const webToPdf = {
  id: 'web-to-pdf',
  icon: 'globe',
  route: '/web-to-pdf',
  title: 'Web to PDF',
  name: 'Web to PDF',
  description: 'Save any web page as a PDF from its URL.',
  landingCategory: 'Convert to PDF',
  workflowCategory: 'Convert',
  endpoint: 'web/to/pdf',
  input: 'url',
  inputFormats: ['url'],
  outputFormats: ['pdf'],
  accept: NO_FILE_ACCEPT,
  options: [],
  progress: CONVERSION_PAGE_PROGRESS,
  texts: {
    heading: 'Web to PDF Converter',
    successTitle: CONVERSION_COMPLETED_TITLE,
    successMessage: 'Your website has been successfully converted to PDF.',
    ...failure,
    dropNoun: 'URL',
    buttonLabel: 'Convert to PDF',
    busyLabel: CONVERTING_LABEL,
    urlRequiredTitle: 'URL required',
    urlRequiredMessage: 'Please enter a website URL to convert.',
    urlInvalidTitle: 'Invalid URL',
    urlInvalidMessage: invalidUrlMessage('{host}'),
    notice: 'Some dynamic content may be missing from the PDF.',
  },
} as const satisfies ToolEntry;

export const htmlToPdf = {
  id: 'html-to-pdf',
  icon: 'file-code',
  route: '/html-to-pdf',
  title: 'HTML to PDF',
  name: 'HTML to PDF',
  description: 'Turn a self-contained HTML file into a PDF.',
  landingCategory: 'Convert to PDF',
  workflowCategory: 'Convert',
  endpoint: 'html/to/pdf',
  input: 'single-file',
  inputFormats: HTML_EXTENSIONS,
  outputFormats: ['pdf'],
  accept: HTML_ACCEPT,
  options: [],
  progress: CONVERSION_PAGE_PROGRESS,
  texts: {
    heading: 'HTML to PDF Converter',
    successTitle: CONVERSION_COMPLETED_TITLE,
    successMessage: 'Your HTML has been successfully converted to PDF.',
    ...failure,
    dropNoun: 'HTML file',
    missingFileTitle: FILE_REQUIRED_TITLE,
    missingFileMessage: 'Please upload an HTML file to convert.',
    buttonLabel: 'Convert to PDF',
    busyLabel: CONVERTING_LABEL,
    notice: 'JavaScript is executed during conversion.',
  },
} as const satisfies ToolEntry;

export const convertToPdfTools = [officeToPdf, imagesToPdf, webToPdf, htmlToPdf] as const;
